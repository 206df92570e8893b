import { describe, expect, it } from 'vitest';
import { buildEventCalendar, escapeCalendarText, foldCalendarLine, type CalendarEvent } from './calendar';

const event: CalendarEvent = {
  id: '0b7c6a52-3f0e-4a55-9d4f-6a1f4f0f2a10',
  title: 'Next Level Warehouse: Techno All Night',
  description: 'Duas pistas, som Funktion-One; line-up com residentes, convidados e headliner.\nMaiores de 18 anos.',
  date: '2025-03-15',
  startTime: '23:00:00',
  endTime: '06:00:00',
  location: 'Audio Club',
  fullAddress: 'Av. Francisco Matarazzo, 694 - Água Branca, São Paulo - SP, 05001-000',
};
const now = new Date('2025-03-01T12:34:56.789Z');
const publicUrl = 'https://ingressos.exemplo.com.br';

/** Undoes RFC 5545 folding and splits into content lines. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
}

function property(ics: string, name: string): string | undefined {
  const line = unfold(ics).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(':') + 1);
}

describe('buildEventCalendar', () => {
  const ics = buildEventCalendar(event, { publicUrl, now });

  it('is one VCALENDAR with one VEVENT, every line ended by CRLF', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfold(ics).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(property(ics, 'PRODID')).toBeTruthy();
  });

  it('writes São Paulo times in UTC and ends a night that crosses midnight on the next day', () => {
    expect(property(ics, 'DTSTART')).toBe('20250316T020000Z');
    expect(property(ics, 'DTEND')).toBe('20250316T090000Z');
  });

  it('ends on the same day when the end time is later than the start time', () => {
    const workshop = buildEventCalendar({ ...event, startTime: '14:00', endTime: '17:30' }, { publicUrl, now });
    expect(property(workshop, 'DTSTART')).toBe('20250315T170000Z');
    expect(property(workshop, 'DTEND')).toBe('20250315T203000Z');
  });

  it('gives an event without an end time 6 hours, past midnight', () => {
    const open = buildEventCalendar({ ...event, startTime: '20:00', endTime: null }, { publicUrl, now });
    expect(property(open, 'DTSTART')).toBe('20250315T230000Z');
    expect(property(open, 'DTEND')).toBe('20250316T050000Z');
  });

  it('honours the daylight saving time São Paulo had until 2019', () => {
    const old = buildEventCalendar({ ...event, date: '2018-12-01', startTime: '20:00', endTime: '23:00' }, { publicUrl, now });
    expect(property(old, 'DTSTART')).toBe('20181201T220000Z');
  });

  it('has a stable UID on the public host, DTSTAMP at now, and the page URL', () => {
    expect(property(ics, 'UID')).toBe(`${event.id}@ingressos.exemplo.com.br`);
    expect(property(ics, 'DTSTAMP')).toBe('20250301T123456Z');
    expect(property(ics, 'URL')).toBe(`${publicUrl}/event/${event.id}`);
    expect(buildEventCalendar(event, { publicUrl, now: new Date() })).toContain(`UID:${event.id}@ingressos.exemplo.com.br`);
  });

  it('escapes SUMMARY, LOCATION and DESCRIPTION', () => {
    expect(property(ics, 'SUMMARY')).toBe('Next Level Warehouse: Techno All Night');
    expect(property(ics, 'LOCATION')).toBe('Audio Club\\, Av. Francisco Matarazzo\\, 694 - Água Branca\\, São Paulo - SP\\, 05001-000');
    expect(property(ics, 'DESCRIPTION')).toBe(
      'Duas pistas\\, som Funktion-One\\; line-up com residentes\\, convidados e headliner.\\nMaiores de 18 anos.' +
        `\\n\\nIngressos e detalhes: ${publicUrl}/event/${event.id}`,
    );
  });

  it('uses the venue alone when there is no full address', () => {
    const noAddress = buildEventCalendar({ ...event, fullAddress: null }, { publicUrl, now });
    expect(property(noAddress, 'LOCATION')).toBe('Audio Club');
  });

  it('folds every line at 75 octets of UTF-8', () => {
    const long = buildEventCalendar(
      { ...event, title: 'Festival ' + 'Coreia é cultura: 한국 문화 축제 '.repeat(8), description: 'ç'.repeat(300) },
      { publicUrl, now },
    );
    for (const line of long.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(long.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);
    expect(property(long, 'SUMMARY')).toBe(escapeCalendarText('Festival ' + 'Coreia é cultura: 한국 문화 축제 '.repeat(8)));
  });
});

describe('escapeCalendarText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeCalendarText('a\\b;c,d\r\ne\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
});

describe('foldCalendarLine', () => {
  it('leaves a line of 75 octets whole and folds the 76th onto a line starting with a space', () => {
    expect(foldCalendarLine('x'.repeat(75))).toBe(`${'x'.repeat(75)}\r\n`);
    expect(foldCalendarLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x\r\n`);
  });

  it('never splits a multi-byte character', () => {
    const folded = foldCalendarLine(`${'x'.repeat(74)}é`);
    expect(folded).toBe(`${'x'.repeat(74)}\r\n é\r\n`);
  });
});
