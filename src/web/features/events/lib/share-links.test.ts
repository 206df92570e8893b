import { describe, expect, it } from 'vitest';
import { eventPageUrl, googleCalendarUrl, whatsAppShareUrl } from './share-links';

describe('share links', () => {
  const pageUrl = eventPageUrl('abc', 'https://ingressos.exemplo.com.br');

  it('builds the page address on the given origin', () => {
    expect(pageUrl).toBe('https://ingressos.exemplo.com.br/event/abc');
  });

  it('sends the title and the page to WhatsApp', () => {
    const url = new URL(whatsAppShareUrl('Noite & K-Pop', pageUrl));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe('Noite & K-Pop\nhttps://ingressos.exemplo.com.br/event/abc');
  });

  it('prefills Google Agenda with UTC times that cross midnight, the place and the page', () => {
    const url = new URL(
      googleCalendarUrl(
        {
          title: 'Warehouse',
          description: 'Techno',
          date: '2025-03-15',
          startTime: '23:00:00',
          endTime: '06:00:00',
          location: 'Audio Club',
          fullAddress: 'Av. Francisco Matarazzo, 694',
        },
        pageUrl,
      ),
    );
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Warehouse');
    expect(url.searchParams.get('dates')).toBe('20250316T020000Z/20250316T090000Z');
    expect(url.searchParams.get('location')).toBe('Audio Club, Av. Francisco Matarazzo, 694');
    expect(url.searchParams.get('details')).toBe('Techno\n\nIngressos e detalhes: https://ingressos.exemplo.com.br/event/abc');
  });
});
