import { describe, expect, it } from 'vitest';
import { bannerLinkTarget } from './banner-link';

describe('bannerLinkTarget', () => {
  it('keeps paths inside the app as in-app links', () => {
    expect(bannerLinkTarget('/event/3f0c1b9e-0000-4000-8000-000000000000')).toEqual({
      kind: 'internal',
      to: '/event/3f0c1b9e-0000-4000-8000-000000000000',
    });
    expect(bannerLinkTarget(' /events/kxp ')).toEqual({ kind: 'internal', to: '/events/kxp' });
  });

  it('opens absolute http(s) addresses as external links', () => {
    expect(bannerLinkTarget('https://exemplo.com.br/promo')).toEqual({ kind: 'external', href: 'https://exemplo.com.br/promo' });
    expect(bannerLinkTarget('http://exemplo.com.br')).toEqual({ kind: 'external', href: 'http://exemplo.com.br/' });
  });

  it('gives no link for blank, script, protocol-relative or relative addresses', () => {
    for (const url of [
      null,
      '',
      '   ',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,oi',
      '//malicioso.com',
      '/\\malicioso.com',
      'events/kxp',
    ]) {
      expect(bannerLinkTarget(url), String(url)).toBeNull();
    }
  });
});
