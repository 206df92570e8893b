import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEventStart, eventNightDate } from './dates';

// Starts from 00:00 to 05:59 belong to the night before (docs/rules/sessions.md 'Night starts');
// every row must hold whatever zone the process runs in (the dates are São Paulo calendar days).
const rows: { date: string; time: string; night: string; short: string; long: string }[] = [
  {
    date: '2026-11-27',
    time: '00:30',
    night: '2026-11-26',
    short: 'quinta 26/11 · 00:30 (madrugada de sexta)',
    long: 'quinta-feira, 26 de novembro de 2026 · 00:30 (madrugada de sexta)',
  },
  {
    date: '2026-11-26',
    time: '23:59',
    night: '2026-11-26',
    short: 'quinta 26/11 · 23:59',
    long: 'quinta-feira, 26 de novembro de 2026 · 23:59',
  },
  {
    date: '2026-11-27',
    time: '00:00',
    night: '2026-11-26',
    short: 'quinta 26/11 · 00:00 (madrugada de sexta)',
    long: 'quinta-feira, 26 de novembro de 2026 · 00:00 (madrugada de sexta)',
  },
  {
    date: '2026-11-27',
    time: '05:59:59',
    night: '2026-11-26',
    short: 'quinta 26/11 · 05:59 (madrugada de sexta)',
    long: 'quinta-feira, 26 de novembro de 2026 · 05:59 (madrugada de sexta)',
  },
  {
    date: '2026-11-27',
    time: '06:00',
    night: '2026-11-27',
    short: 'sexta 27/11 · 06:00',
    long: 'sexta-feira, 27 de novembro de 2026 · 06:00',
  },
  {
    date: '2026-12-01',
    time: '02:00',
    night: '2026-11-30',
    short: 'segunda 30/11 · 02:00 (madrugada de terça)',
    long: 'segunda-feira, 30 de novembro de 2026 · 02:00 (madrugada de terça)',
  },
  {
    date: '2027-01-01',
    time: '01:00',
    night: '2026-12-31',
    short: 'quinta 31/12 · 01:00 (madrugada de sexta)',
    long: 'quinta-feira, 31 de dezembro de 2026 · 01:00 (madrugada de sexta)',
  },
  {
    date: '2028-03-01',
    time: '03:15',
    night: '2028-02-29',
    short: 'terça 29/02 · 03:15 (madrugada de quarta)',
    long: 'terça-feira, 29 de fevereiro de 2028 · 03:15 (madrugada de quarta)',
  },
  {
    date: '2026-03-14',
    time: '22:00:00',
    night: '2026-03-14',
    short: 'sábado 14/03 · 22:00',
    long: 'sábado, 14 de março de 2026 · 22:00',
  },
];

describe.each(['America/Sao_Paulo', 'Pacific/Kiritimati', 'America/Los_Angeles'])('night starts, in a process running in %s', (zone) => {
  const originalZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = originalZone;
  });

  it.each(rows)('$date $time reads as the night of $night', ({ date, time, night, short, long }) => {
    expect(eventNightDate(date, time)).toBe(night);
    expect(describeEventStart(date, time, 'short').text).toBe(short);
    expect(describeEventStart(date, time, 'long').text).toBe(long);
    expect(describeEventStart(date, time).text).toBe(long);
  });

  it('words the medium day as the event page does, with the year when it is not the current one', () => {
    const now = new Date('2026-11-20T15:00:00Z');
    expect(describeEventStart('2026-11-27', '00:30', 'medium', now).text).toBe('qui., 26 de nov. · 00:30 (madrugada de sexta)');
    expect(describeEventStart('2026-11-27', '22:00', 'medium', now).text).toBe('sex., 27 de nov. · 22:00');
    expect(describeEventStart('2027-01-01', '01:00', 'medium', now).text).toBe('qui., 31 de dez. · 01:00 (madrugada de sexta)');
    expect(describeEventStart('2027-01-02', '01:00', 'medium', now).text).toBe('sex., 1 de jan. de 2027 · 01:00 (madrugada de sábado)');
  });

  it('gives the day and the time apart for screens that show them on two lines', () => {
    expect(describeEventStart('2026-11-27', '00:30')).toEqual({
      date: 'quinta-feira, 26 de novembro de 2026',
      time: '00:30 (madrugada de sexta)',
      text: 'quinta-feira, 26 de novembro de 2026 · 00:30 (madrugada de sexta)',
    });
  });

  it('refuses malformed input', () => {
    expect(() => describeEventStart('2026-02-30', '00:30')).toThrow();
    expect(() => eventNightDate('2026-11-27', '24:00')).toThrow();
  });
});
