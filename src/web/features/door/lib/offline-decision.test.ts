import { describe, expect, it } from 'vitest';
import type { DoorOfflineData, OfflineTicket } from '../../../../shared/schemas/tickets';
import {
  decideOffline,
  decideOnDevice,
  hashTicketCode,
  isTransferredAway,
  keepDeviceTurn,
  pickDoorSession,
  readDeviceTurns,
} from './offline-decision';

const list = (transferredHashes: string[]): DoorOfflineData => ({
  event: { id: 'ev1', title: 'Noite da Portaria', opensAt: '2025-03-15T19:00:00.000Z', closesAt: '2025-03-16T03:00:00.000Z' },
  tickets: [],
  transferredHashes,
  generatedAt: '2025-03-15T18:00:00.000Z',
});
const inside = new Date('2025-03-15T23:00:00.000Z');
const valid: OfflineTicket = {
  hash: 'h1',
  holderName: 'Ana Lima',
  sectorName: 'Pista',
  documentCheck: null,
  status: 'valid',
  checkedInAt: null,
};

describe('decideOffline', () => {
  it("refuses a transferred ticket's old code as transferred, as the server does", async () => {
    const hash = hashTicketCode('NL1.codigo-antigo');
    const kept = list([hash]);
    expect(isTransferredAway(kept, hash)).toBe(true);
    const result = decideOffline(undefined, kept, undefined, inside, isTransferredAway(kept, hash));
    expect(result).toMatchObject({ accepted: false, reason: 'transferred', message: 'Ingresso transferido', holderName: null });
  });

  it('refuses a code on neither list as not on the list', () => {
    expect(decideOffline(undefined, list([]), undefined, inside, false)).toMatchObject({ accepted: false, reason: 'not_on_list' });
  });

  it("refuses a code of no ticket's shape as unknown, as the server does, and a well-formed one as not on the list", () => {
    const none = list([]);
    const scan = (code: string) => decideOnDevice(none, new Map(), {}, { code, otp: null }, inside, { sessionId: null, direction: 'in' });
    expect(scan('qualquer-coisa').result).toMatchObject({ accepted: false, reason: 'unknown_code', message: 'Código não reconhecido' });
    expect(scan('NL1.km9hFalCMqgunxQKxtzfkw.4wFl61XLe5gwzehw').result).toMatchObject({
      accepted: false,
      reason: 'not_on_list',
      message: 'Não está na lista deste aparelho',
    });
  });

  it("admits a valid ticket with its holder's name inside the window", () => {
    expect(decideOffline(valid, list([]), undefined, inside)).toMatchObject({ accepted: true, holderName: 'Ana Lima' });
  });

  it('refuses every ticket of a cancelled event as the server does, before the door opens too, saying so', () => {
    const cancelled = { ...list([]), event: { ...list([]).event, isCancelled: true } };
    const early = new Date('2025-03-15T18:00:00.000Z');
    expect(decideOffline({ ...valid, status: 'cancelled' }, cancelled, undefined, early)).toMatchObject({
      accepted: false,
      reason: 'cancelled',
      message: 'Evento cancelado pelo organizador',
    });
  });

  it('admits a code once on this device: a second scan reads already used with the time of the first', () => {
    const kept = list([]);
    const listed = { ...valid, hash: hashTicketCode('NL1.codigo') };
    const byHash = new Map([[listed.hash, listed]]);
    const entry = { sessionId: null, direction: 'in' as const };
    const first = decideOnDevice(kept, byHash, {}, { code: 'NL1.codigo', otp: null }, inside, entry);
    expect(first.result).toMatchObject({ accepted: true, holderName: 'Ana Lima' });
    const later = new Date(inside.getTime() + 60_000);
    expect(decideOnDevice(kept, byHash, first.kept, { code: 'NL1.codigo', otp: null }, later, entry).result).toMatchObject({
      accepted: false,
      reason: 'already_used',
      checkedInAt: inside.toISOString(),
    });
  });

  it('reads a list kept before it carried transferred codes as having none', () => {
    const old = { ...list([]), transferredHashes: undefined } as unknown as DoorOfflineData;
    expect(isTransferredAway(old, 'h1')).toBe(false);
  });
});

describe('decideOffline with sessions and exit scans', () => {
  const session = (id: string, name: string, day: string) => ({
    id,
    name,
    label: `${name} ${day.slice(8, 10)}/${day.slice(5, 7)}`,
    date: day,
    startTime: '22:00:00',
    endTime: '05:00:00',
  });
  const friday = { ...session('sex', 'Sexta', '2026-03-13'), opensAt: '2026-03-13T21:00:00.000Z', closesAt: '2026-03-14T08:00:00.000Z' };
  const saturday = { ...session('sab', 'Sábado', '2026-03-14'), opensAt: '2026-03-14T21:00:00.000Z', closesAt: '2026-03-15T08:00:00.000Z' };
  const festival = (exitScans: boolean): DoorOfflineData => ({
    event: { id: 'ev1', title: 'Festival', opensAt: friday.opensAt, closesAt: saturday.closesAt, sessions: [friday, saturday], exitScans },
    tickets: [],
    transferredHashes: [],
    generatedAt: '2026-03-13T20:00:00.000Z',
  });
  const fridayNight = new Date('2026-03-14T02:00:00.000Z');
  const saturdayOnly: OfflineTicket = { ...valid, sessionIds: ['sab'], turns: [] };
  const pass: OfflineTicket = {
    ...valid,
    sessionIds: [],
    turns: [{ sessionId: 'sex', entries: 1, exits: 0, firstEntryAt: '2026-03-14T01:00:00.000Z', lastEntryAt: '2026-03-14T01:00:00.000Z' }],
  };
  const entry = { sessionId: null, direction: 'in' as const };

  it('picks the session open now, or the one the door picked', () => {
    expect(pickDoorSession([friday, saturday], fridayNight)?.id).toBe('sex');
    expect(pickDoorSession([friday, saturday], fridayNight, 'sab')?.id).toBe('sab');
    expect(pickDoorSession(undefined, fridayNight)).toBeNull();
  });

  it("names the opening of the ticket's own session when the door has not opened, as the server does", () => {
    // Friday afternoon, before Friday's door: a Saturday ticket reads Saturday's opening, a pass Friday's.
    const fridayAfternoon = new Date('2026-03-13T18:00:00.000Z');
    expect(decideOffline(saturdayOnly, festival(false), undefined, fridayAfternoon, false, null, entry)).toMatchObject({
      accepted: false,
      reason: 'too_early',
      opensAt: saturday.opensAt,
    });
    expect(decideOffline({ ...pass, turns: [] }, festival(false), undefined, fridayAfternoon, false, null, entry)).toMatchObject({
      accepted: false,
      reason: 'too_early',
      opensAt: friday.opensAt,
    });
  });

  it('refuses a day ticket on another day, naming its day, and admits a pass once per day', () => {
    expect(decideOffline(saturdayOnly, festival(false), undefined, fridayNight, false, null, entry)).toMatchObject({
      accepted: false,
      reason: 'wrong_session',
      message: 'Ingresso não vale para esta sessão (vale para: Sábado 14/03)',
    });
    expect(decideOffline(pass, festival(false), undefined, fridayNight, false, null, entry)).toMatchObject({
      accepted: false,
      reason: 'already_used',
    });
    expect(decideOffline(pass, festival(false), undefined, new Date('2026-03-15T02:00:00.000Z'), false, null, entry)).toMatchObject({
      accepted: true,
      sessionLabel: 'Sábado 14/03',
    });
  });

  it("with exit scans lets the pass out, then back in, counting this device's own scans", () => {
    const list = festival(true);
    expect(decideOffline(pass, list, undefined, fridayNight, false, null, entry)).toMatchObject({
      accepted: false,
      reason: 'already_inside',
    });
    const out = decideOffline(pass, list, undefined, fridayNight, false, null, { sessionId: null, direction: 'out' });
    expect(out).toMatchObject({ accepted: true, direction: 'out' });
    const kept = keepDeviceTurn(undefined, 'sex', out as Extract<typeof out, { accepted: true }>);
    expect(decideOffline(pass, list, undefined, fridayNight, false, null, { ...entry, deviceTurns: readDeviceTurns(kept) })).toMatchObject({
      accepted: true,
      isReentry: true,
    });
  });
});
