import { describe, expect, it } from 'vitest';
import { resolveActionUrl } from './action-path';

const origin = 'https://ingressos.nextlevel.com.br';

describe('resolveActionUrl', () => {
  it('keeps a path of the app with its query and fragment', () => {
    expect(resolveActionUrl('/tickets', origin)).toEqual({ path: '/tickets' });
    expect(resolveActionUrl('/event/abc?de=1#ingressos', origin)).toEqual({ path: '/event/abc?de=1#ingressos' });
  });

  it('turns an address of this site into its path', () => {
    expect(resolveActionUrl(`${origin}/refund-request`, origin)).toEqual({ path: '/refund-request' });
  });

  it('leaves addresses of other sites, protocol-relative ones included, as addresses', () => {
    expect(resolveActionUrl('https://example.com/tickets', origin)).toEqual({ href: 'https://example.com/tickets' });
    expect(resolveActionUrl('//example.com/x', origin)).toEqual({ href: 'https://example.com/x' });
  });

  it('leads nowhere for script addresses', () => {
    expect(resolveActionUrl('javascript:alert(1)', origin)).toBeNull();
  });
});
