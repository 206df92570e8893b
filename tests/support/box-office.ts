import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from './test-server';

/** A box-office sale as a device sends it (POST /api/box-office/sales or /sync). */
export type DeviceSale = {
  nonce: string;
  blockId: string;
  drawerId: string;
  deviceId: string;
  full: number;
  meia: { concession: string; name: string; cpf: string; documentNumber?: string; birthDate?: string }[];
  courtesy: number;
  codes: string[];
  payment: Record<string, unknown>;
  soldAt: string;
  admit: boolean;
};

/** A box-office operator with a drawer open for the event and a device id. */
export type BoxOfficeOperator = Awaited<ReturnType<TestServer['signUpAs']>> & { deviceId: string; drawerId: string };

function call(server: TestServer, method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

/** A new account with the box-office role, its drawer opened for `eventId` with a float (centavos) on a new device. */
export async function boxOfficeOperatorAt(server: TestServer, eventId: string, floatCentavos = 10000): Promise<BoxOfficeOperator> {
  const person = await server.signUpAs(['box_office']);
  const deviceId = `aparelho-${randomUUID()}`;
  const opened = await call(server, 'POST', '/api/box-office/drawers', person.cookie, { eventId, floatCentavos, deviceId });
  expect(opened.statusCode).toBe(200);
  return { ...person, deviceId, drawerId: opened.json().id as string };
}

/** POST /api/box-office/blocks for `op`'s device: `size` units of a sector. */
export function reserveBlockFor(server: TestServer, op: BoxOfficeOperator, eventId: string, sectorId: string, size: number) {
  return call(server, 'POST', '/api/box-office/blocks', op.cookie, {
    eventId,
    sectorId,
    drawerId: op.drawerId,
    deviceId: op.deviceId,
    size,
  });
}

/** A device's block kept locally: hands out its codes in order, as the screen does offline. */
export function deviceBlock(op: BoxOfficeOperator, block: { id: string; codes: string[] }) {
  let next = 0;
  return (
    units: { full?: number; meia?: DeviceSale['meia']; courtesy?: number },
    payment: Record<string, unknown> = { method: 'cash', cashTenderedCentavos: 100000 },
    admit = false,
  ): DeviceSale => {
    const count = (units.full ?? 0) + (units.meia?.length ?? 0) + (units.courtesy ?? 0);
    // The screen's next code is the block's next unit: a PIX sale's units pass theirs by (its tickets get codes when paid).
    const codes = payment.method === 'pix' ? [] : block.codes.slice(next, next + count);
    next += count;
    return {
      nonce: randomUUID(),
      blockId: block.id,
      drawerId: op.drawerId,
      deviceId: op.deviceId,
      full: units.full ?? 0,
      meia: units.meia ?? [],
      courtesy: units.courtesy ?? 0,
      codes,
      payment,
      soldAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      admit,
    };
  };
}

/** A student's meia-entrada at the box office. */
export const student = (cpf: string, name = 'Caio Estudante') => ({ concession: 'student', name, cpf, documentNumber: 'CIE 2026-77' });
