import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventInstant,
  formatDayMonth,
  formatEventDate,
  formatEventDateShort,
  formatEventTime,
  formatInstant,
  formatMonthYear,
  formatNotificationDate,
  earliestOngoingEventDate,
  eventInterval,
  isEventPast,
  saoPauloToday,
} from './dates';

// Every assertion must hold whatever zone the process runs in, so each block runs under
// zones far from São Paulo (and one that is UTC+14, where the calendar day differs most).
const processZones = [
  { zone: 'Asia/Tokyo', january1Offset: -540 },
  { zone: 'Pacific/Kiritimati', january1Offset: -840 },
  { zone: 'America/Los_Angeles', january1Offset: 480 },
  { zone: 'UTC', january1Offset: 0 },
];

describe.each(processZones)('in a process running in $zone', ({ zone, january1Offset }) => {
  const originalZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  it('really runs in that process time zone', () => {
    expect(new Date(Date.UTC(2025, 0, 1, 12)).getTimezoneOffset()).toBe(january1Offset);
  });

  it('writes an event date in long pt-BR form with the weekday', () => {
    expect(formatEventDate('2025-03-15')).toBe('sábado, 15 de março de 2025');
    expect(formatEventDate('2025-01-01')).toBe('quarta-feira, 1 de janeiro de 2025');
    expect(formatEventDate('2024-12-31')).toBe('terça-feira, 31 de dezembro de 2024');
  });

  it('writes an event date as dd/MM/yyyy', () => {
    expect(formatEventDateShort('2025-03-15')).toBe('15/03/2025');
    expect(formatEventDateShort('2025-01-05')).toBe('05/01/2025');
  });

  it('writes an event time as HH:mm', () => {
    expect(formatEventTime('20:00:00')).toBe('20:00');
    expect(formatEventTime('09:30')).toBe('09:30');
    expect(formatEventTime('00:05:59')).toBe('00:05');
  });

  it('gives the card badge day and upper-case month', () => {
    expect(formatDayMonth('2025-03-15')).toEqual({ day: '15', month: 'MAR' });
    expect(formatDayMonth('2025-02-05')).toEqual({ day: '05', month: 'FEV' });
    expect(formatDayMonth('2025-12-31')).toEqual({ day: '31', month: 'DEZ' });
    const months = Array.from({ length: 12 }, (_, i) => formatDayMonth(`2025-${String(i + 1).padStart(2, '0')}-10`).month);
    expect(months).toEqual(['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ']);
  });

  it('names every weekday in full', () => {
    const days = Array.from({ length: 7 }, (_, i) => formatEventDate(`2025-06-0${i + 1}`).split(',')[0]);
    expect(days).toEqual(['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado']);
  });

  it('turns a São Paulo wall time into its UTC instant', () => {
    expect(eventInstant('2025-03-15', '20:00')).toEqual(new Date('2025-03-15T23:00:00.000Z'));
    expect(eventInstant('2025-03-15', '22:30:15')).toEqual(new Date('2025-03-16T01:30:15.000Z'));
    expect(eventInstant('2025-01-01', '00:00')).toEqual(new Date('2025-01-01T03:00:00.000Z'));
  });

  it('honours the daylight saving time São Paulo still had in 2018', () => {
    expect(eventInstant('2018-12-15', '20:00')).toEqual(new Date('2018-12-15T22:00:00.000Z'));
    expect(eventInstant('2018-06-15', '20:00')).toEqual(new Date('2018-06-15T23:00:00.000Z'));
  });

  it('follows the offset change on the hour it happened (daylight saving time ended 2019-02-17 at 02:00 UTC)', () => {
    expect(formatInstant('2019-02-17T01:59:00.000Z')).toBe('16/02/2019 às 23:59');
    expect(formatInstant('2019-02-17T02:00:00.000Z')).toBe('16/02/2019 às 23:00');
    expect(formatInstant('2019-02-17T02:59:00.000Z')).toBe('16/02/2019 às 23:59');
    expect(saoPauloToday(new Date('2019-02-17T03:00:00.000Z'))).toBe('2019-02-17');
    expect(formatInstant('2018-11-04T02:59:00.000Z')).toBe('03/11/2018 às 23:59');
    expect(formatInstant('2018-11-04T03:00:00.000Z')).toBe('04/11/2018 às 01:00');
  });

  it('tells the São Paulo calendar day of an instant', () => {
    expect(saoPauloToday(new Date('2025-03-16T02:59:59.000Z'))).toBe('2025-03-15');
    expect(saoPauloToday(new Date('2025-03-16T03:00:00.000Z'))).toBe('2025-03-16');
    expect(saoPauloToday(new Date('2025-03-15T12:00:00.000Z'))).toBe('2025-03-15');
  });

  it('writes an instant as dd/MM/yyyy às HH:mm in São Paulo time', () => {
    expect(formatInstant(new Date('2025-03-15T23:03:00.000Z'))).toBe('15/03/2025 às 20:03');
    expect(formatInstant('2025-03-16T02:59:00.000Z')).toBe('15/03/2025 às 23:59');
    expect(formatInstant('2025-03-16T03:00:00.000Z')).toBe('16/03/2025 às 00:00');
  });

  it('writes a notification date as dd/MM às HH:mm in São Paulo time', () => {
    expect(formatNotificationDate(new Date('2025-03-15T23:00:00.000Z'))).toBe('15/03 às 20:00');
    expect(formatNotificationDate('2025-01-01T02:00:00Z')).toBe('31/12 às 23:00');
  });

  it('writes the month and year of an instant in São Paulo time', () => {
    expect(formatMonthYear(new Date('2025-03-15T23:00:00.000Z'))).toBe('março de 2025');
    expect(formatMonthYear('2025-04-01T02:00:00.000Z')).toBe('março de 2025');
    expect(formatMonthYear('2025-04-01T03:00:00.000Z')).toBe('abril de 2025');
  });

  describe('isEventPast', () => {
    const event = { date: '2025-03-15', startTime: '20:00:00', endTime: '23:00:00' };

    it('is not past before the end time', () => {
      expect(isEventPast(event, new Date('2025-03-16T01:59:59.000Z'))).toBe(false);
    });

    it('is past from the end time in São Paulo', () => {
      expect(isEventPast(event, new Date('2025-03-16T02:00:00.000Z'))).toBe(true);
    });

    it('lasts 6 hours from its start when there is no end time', () => {
      const open = { ...event, endTime: null };
      expect(isEventPast(open, new Date('2025-03-16T04:59:59.000Z'))).toBe(false);
      expect(isEventPast(open, new Date('2025-03-16T05:00:00.000Z'))).toBe(true);
    });

    it('ends on the next day when the end time is earlier than the start time', () => {
      const overnight = { date: '2025-03-15', startTime: '22:00', endTime: '05:00' };
      expect(isEventPast(overnight, new Date('2025-03-16T07:59:00.000Z'))).toBe(false);
      expect(isEventPast(overnight, new Date('2025-03-16T08:00:00.000Z'))).toBe(true);
    });

    it('is not past days before the event', () => {
      expect(isEventPast(event, new Date('2025-03-01T12:00:00.000Z'))).toBe(false);
    });
  });
});

// The clock at the two ends of a São Paulo night: 00:30 and 23:30 (UTC-3 since 2019).
const at0030On27 = new Date('2026-11-27T03:30:00.000Z');
const at0501On27 = new Date('2026-11-27T08:01:00.000Z');
const at2330On27 = new Date('2026-11-28T02:30:00.000Z');
const at0030On28 = new Date('2026-11-28T03:30:00.000Z');

describe('eventInterval', () => {
  it('starts at the São Paulo start time and ends at the end time of the same day', () => {
    const { startsAt, endsAt } = eventInterval({ date: '2026-11-27', startTime: '20:00:00', endTime: '23:00:00' });
    expect(startsAt.toISOString()).toBe('2026-11-27T23:00:00.000Z');
    expect(endsAt.toISOString()).toBe('2026-11-28T02:00:00.000Z');
  });

  it('ends on the next day when the end time is earlier than the start time', () => {
    const { startsAt, endsAt } = eventInterval({ date: '2026-11-26', startTime: '23:00', endTime: '02:00' });
    expect(startsAt.toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(endsAt.toISOString()).toBe('2026-11-27T05:00:00.000Z');
  });

  it('ends on the next day, 24 hours later, when the end time equals the start time', () => {
    const { endsAt } = eventInterval({ date: '2026-11-27', startTime: '20:00', endTime: '20:00:00' });
    expect(endsAt.toISOString()).toBe('2026-11-28T23:00:00.000Z');
  });

  it('runs 6 hours from its start when there is no end time, past midnight for a night', () => {
    const night = eventInterval({ date: '2026-11-26', startTime: '23:00', endTime: null });
    expect(night.startsAt.toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(night.endsAt.toISOString()).toBe('2026-11-27T08:00:00.000Z'); // 05:00 in São Paulo
    const afternoon = eventInterval({ date: '2026-11-27', startTime: '14:00', endTime: null });
    expect(afternoon.endsAt.toISOString()).toBe('2026-11-27T23:00:00.000Z'); // 20:00 the same day
  });

  it('reads the wall times with the daylight saving time São Paulo had until 2019', () => {
    const { startsAt, endsAt } = eventInterval({ date: '2018-12-15', startTime: '20:00', endTime: '01:00' });
    expect(startsAt.toISOString()).toBe('2018-12-15T22:00:00.000Z');
    expect(endsAt.toISOString()).toBe('2018-12-16T03:00:00.000Z');
  });

  it('refuses a malformed date or time', () => {
    expect(() => eventInterval({ date: '2026-02-30', startTime: '20:00', endTime: null })).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
    expect(() => eventInterval({ date: '2026-11-27', startTime: '20:00', endTime: '24:00' })).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });
});

describe('isEventPast with the São Paulo clock at 00:30 and at 23:30', () => {
  it('keeps a night that started at 23:00 without an end time on at 00:30 and ends it at 05:00', () => {
    const night = { date: '2026-11-26', startTime: '23:00', endTime: null };
    expect(isEventPast(night, at0030On27)).toBe(false);
    expect(isEventPast(night, new Date('2026-11-27T07:59:59.999Z'))).toBe(false);
    expect(isEventPast(night, at0501On27)).toBe(true);
  });

  it('keeps a night from 23:00 to 02:00 on at 00:30 and ends it by 02:01 the next day', () => {
    const night = { date: '2026-11-26', startTime: '23:00', endTime: '02:00' };
    expect(isEventPast(night, at0030On27)).toBe(false);
    expect(isEventPast(night, new Date('2026-11-27T04:59:59.999Z'))).toBe(false);
    expect(isEventPast(night, new Date('2026-11-27T05:01:00.000Z'))).toBe(true);
  });

  it('has an event at 00:30 on when the clock is 00:30 that day, and ahead at 23:30 the day before', () => {
    const early = { date: '2026-11-28', startTime: '00:30', endTime: null };
    expect(isEventPast(early, at2330On27)).toBe(false);
    expect(eventInterval(early).startsAt.getTime()).toBeGreaterThan(at2330On27.getTime());
    expect(isEventPast(early, at0030On28)).toBe(false);
    expect(isEventPast(early, new Date('2026-11-28T09:30:00.000Z'))).toBe(true); // 06:30, 6 hours on
  });

  it('has an event of 23:00 without an end time on at 23:30 that day and at 00:30 the next', () => {
    const tonight = { date: '2026-11-27', startTime: '23:00', endTime: null };
    expect(isEventPast(tonight, at2330On27)).toBe(false);
    expect(isEventPast(tonight, at0030On28)).toBe(false);
  });

  it('ends an afternoon event at its end time, so it is over at 23:30 and at 00:30', () => {
    const afternoon = { date: '2026-11-27', startTime: '14:00', endTime: '18:00' };
    expect(isEventPast(afternoon, at2330On27)).toBe(true);
    expect(isEventPast(afternoon, at0030On28)).toBe(true);
  });

  it('keeps an event of 23:30 with an end at 23:30 the next day on at 00:30 and at 23:29', () => {
    const allDay = { date: '2026-11-27', startTime: '23:30', endTime: '23:30' };
    expect(isEventPast(allDay, at0030On28)).toBe(false);
    expect(isEventPast(allDay, new Date('2026-11-29T02:29:59.999Z'))).toBe(false);
    expect(isEventPast(allDay, new Date('2026-11-29T02:30:00.000Z'))).toBe(true);
  });
});

describe('earliestOngoingEventDate', () => {
  it('is the São Paulo day before today, at 00:30 and at 23:30 alike', () => {
    expect(earliestOngoingEventDate(at0030On27)).toBe('2026-11-26');
    expect(earliestOngoingEventDate(at2330On27)).toBe('2026-11-26');
    expect(earliestOngoingEventDate(at0030On28)).toBe('2026-11-27');
    expect(earliestOngoingEventDate(new Date('2027-01-01T03:30:00.000Z'))).toBe('2026-12-31');
  });

  it('leaves out only events already past: the latest end of an event of that day before is past', () => {
    const latest = { date: '2026-11-25', startTime: '23:59', endTime: '23:58' };
    expect(isEventPast(latest, at0030On27)).toBe(true);
  });
});

describe('malformed input', () => {
  it('refuses dates that are not real yyyy-MM-dd days', () => {
    for (const date of ['2025-02-30', '15/03/2025', '2025-3-15', '', '2025-13-01']) {
      expect(() => formatEventDate(date)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
      expect(() => formatEventDateShort(date)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    }
  });

  it('refuses times that are not HH:mm or HH:mm:ss', () => {
    for (const time of ['24:00', '8:00', '20:60', '20h', '']) {
      expect(() => formatEventTime(time)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    }
  });

  it('refuses an instant that is not a date', () => {
    expect(() => formatInstant('ontem')).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });
});
