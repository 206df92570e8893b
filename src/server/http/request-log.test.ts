import { describe, expect, it } from 'vitest';
import { requestLogFields } from './request-log';

const request = (url: string) => ({ method: 'DELETE', url, host: 'localhost:3000', ip: '127.0.0.1', socket: { remotePort: 50123 } });

describe('requestLogFields', () => {
  it('masks an e-mail address or a phone number in the address, encoded or not', () => {
    expect(requestLogFields(request('/api/admin/staff/invitations/validator?email=ana%40exemplo.com.br')).url).toBe(
      '/api/admin/staff/invitations/validator?email=a***@exemplo.com.br',
    );
    expect(requestLogFields(request('/api/door/events/1/search?q=%2847%29%2099123-4567')).url).toBe(
      '/api/door/events/1/search?q=+55 47 9****-4567',
    );
  });

  it('logs any other address as it was sent, with the fields Fastify logs', () => {
    expect(requestLogFields(request('/api/events?q=rock%20na%20praia'))).toEqual({
      method: 'DELETE',
      url: '/api/events?q=rock%20na%20praia',
      host: 'localhost:3000',
      remoteAddress: '127.0.0.1',
      remotePort: 50123,
    });
    expect(requestLogFields(request('/api/events?q=%E0%A4%A')).url).toBe('/api/events?q=%E0%A4%A');
  });
});
