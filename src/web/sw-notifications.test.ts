import { describe, expect, it } from 'vitest';
import { notificationFromPush, pageToOpen } from './sw-notifications';

const origin = 'https://ingressos.nextlevel.com.br';

describe('notificationFromPush', () => {
  it('shows the title and body the server sent, with the app icon and the page to open', () => {
    const { title, options } = notificationFromPush(
      JSON.stringify({ title: 'Compra confirmada!', body: '2 ingressos para Techno.', url: '/tickets' }),
    );
    expect(title).toBe('Compra confirmada!');
    expect(options).toMatchObject({
      body: '2 ingressos para Techno.',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/tickets' },
    });
  });

  it('still shows something for an empty or plain-text message', () => {
    expect(notificationFromPush(null)).toMatchObject({
      title: 'Next Level',
      options: { body: 'Você tem uma nova notificação.', data: { url: '/' } },
    });
    expect(notificationFromPush('Evento alterado')).toMatchObject({ title: 'Next Level', options: { body: 'Evento alterado' } });
  });
});

describe('pageToOpen', () => {
  it('opens the page of this site the notification points to', () => {
    expect(pageToOpen({ url: '/tickets' }, origin)).toBe(`${origin}/tickets`);
  });

  it('opens the home page for another site or no address', () => {
    expect(pageToOpen({ url: 'https://example.com/phishing' }, origin)).toBe(`${origin}/`);
    expect(pageToOpen(null, origin)).toBe(`${origin}/`);
  });
});
