import { describe, expect, it } from 'vitest';
import {
  BRAND_LINK_URL_MAX,
  BRAND_LINKS_MAX,
  brandLinkMessage,
  brandLinkName,
  brandLinkNetworkInfo,
  brandLinkNetworks,
  checkBrandLink,
  duplicateBrandLinkMessage,
} from './brand-links';

describe('checkBrandLink', () => {
  it('takes a profile on each network of its hosts, trimmed and with its host in lower case', () => {
    expect(checkBrandLink('instagram', '  https://instagram.com/nextlevel ')).toEqual({ ok: true, url: 'https://instagram.com/nextlevel' });
    expect(checkBrandLink('instagram', 'https://WWW.Instagram.com/NextLevel/')).toEqual({
      ok: true,
      url: 'https://www.instagram.com/NextLevel/',
    });
    expect(checkBrandLink('tiktok', 'https://www.tiktok.com/@ayyo')).toMatchObject({ ok: true });
    expect(checkBrandLink('youtube', 'https://youtu.be/abc123')).toMatchObject({ ok: true });
    expect(checkBrandLink('youtube', 'https://m.youtube.com/@kxp')).toMatchObject({ ok: true });
    expect(checkBrandLink('spotify', 'https://open.spotify.com/playlist/37i9dQZF1DX')).toMatchObject({ ok: true });
    expect(checkBrandLink('x', 'https://twitter.com/nextlevel')).toMatchObject({ ok: true });
    expect(checkBrandLink('facebook', 'https://m.facebook.com/nextlevel?ref=bio')).toMatchObject({ ok: true });
    expect(checkBrandLink('website', 'https://nextlevel.com.br')).toEqual({ ok: true, url: 'https://nextlevel.com.br/' });
  });

  it('refuses an address that is not https', () => {
    expect(checkBrandLink('instagram', 'http://instagram.com/nextlevel')).toEqual({ ok: false, problem: 'not_https' });
    expect(checkBrandLink('website', 'javascript:alert(1)')).toEqual({ ok: false, problem: 'not_https' });
    expect(checkBrandLink('website', 'ftp://nextlevel.com.br/')).toEqual({ ok: false, problem: 'not_https' });
  });

  it('refuses what is not an absolute address', () => {
    expect(checkBrandLink('instagram', 'instagram.com/nextlevel')).toEqual({ ok: false, problem: 'not_address' });
    expect(checkBrandLink('instagram', '@nextlevel')).toEqual({ ok: false, problem: 'not_address' });
    expect(checkBrandLink('instagram', '')).toEqual({ ok: false, problem: 'not_address' });
  });

  it("refuses a host that is not the network's, even one that starts like it", () => {
    expect(checkBrandLink('instagram', 'https://tiktok.com/@nextlevel')).toEqual({ ok: false, problem: 'wrong_host' });
    expect(checkBrandLink('instagram', 'https://instagram.com.golpe.com/nextlevel')).toEqual({ ok: false, problem: 'wrong_host' });
    expect(checkBrandLink('instagram', 'https://fakeinstagram.com/nextlevel')).toEqual({ ok: false, problem: 'wrong_host' });
    expect(checkBrandLink('instagram', 'https://instagram.com:8443/nextlevel')).toEqual({ ok: false, problem: 'wrong_host' });
    expect(checkBrandLink('spotify', 'https://spotify.com/nextlevel')).toEqual({ ok: false, problem: 'wrong_host' });
  });

  it("takes any public host for the brand's own site, but no IP or local name", () => {
    expect(checkBrandLink('website', 'https://localhost/')).toEqual({ ok: false, problem: 'wrong_host' });
    expect(checkBrandLink('website', 'https://192.168.0.1/')).toEqual({ ok: false, problem: 'wrong_host' });
    expect(checkBrandLink('website', 'https://[::1]/')).toEqual({ ok: false, problem: 'wrong_host' });
    expect(checkBrandLink('website', 'https://impressora.local/')).toEqual({ ok: false, problem: 'wrong_host' });
  });

  it('refuses a user name or password in the address', () => {
    expect(checkBrandLink('instagram', 'https://admin:senha@instagram.com/nextlevel')).toEqual({ ok: false, problem: 'credentials' });
    expect(checkBrandLink('website', 'https://alguem@nextlevel.com.br/')).toEqual({ ok: false, problem: 'credentials' });
  });

  it("refuses the network's home page instead of the brand's profile", () => {
    expect(checkBrandLink('instagram', 'https://instagram.com')).toEqual({ ok: false, problem: 'no_profile' });
    expect(checkBrandLink('youtube', 'https://www.youtube.com///')).toEqual({ ok: false, problem: 'no_profile' });
  });

  it(`refuses an address over ${BRAND_LINK_URL_MAX} characters`, () => {
    const path = 'a'.repeat(BRAND_LINK_URL_MAX);
    expect(checkBrandLink('instagram', `https://instagram.com/${path}`)).toEqual({ ok: false, problem: 'too_long' });
    const fits = `https://instagram.com/${'a'.repeat(BRAND_LINK_URL_MAX - 'https://instagram.com/'.length)}`;
    expect(checkBrandLink('instagram', fits)).toMatchObject({ ok: true });
  });
});

describe('the networks and their words', () => {
  it('offers one link per network, each placeholder an address its own check takes', () => {
    expect(BRAND_LINKS_MAX).toBe(brandLinkNetworks.length);
    for (const network of brandLinkNetworks) expect(checkBrandLink(network, brandLinkNetworkInfo[network].placeholder).ok).toBe(true);
  });

  it('names the network and an example address in pt-BR', () => {
    expect(brandLinkMessage('instagram', 'wrong_host')).toBe('Informe um endereço do Instagram (https://instagram.com/...)');
    expect(brandLinkMessage('instagram', 'not_https')).toBe('Informe um endereço do Instagram (https://instagram.com/...)');
    expect(brandLinkMessage('website', 'not_address')).toBe('Informe o endereço do site (https://...)');
    expect(brandLinkMessage('tiktok', 'too_long')).toBe(`O endereço deve ter no máximo ${BRAND_LINK_URL_MAX} caracteres`);
    expect(duplicateBrandLinkMessage('instagram')).toBe('Use um só endereço do Instagram');
    expect(duplicateBrandLinkMessage('website')).toBe('Use um só endereço de site');
    expect(brandLinkName('instagram', 'Next Level')).toBe('Instagram da Next Level');
    expect(brandLinkName('website', 'KXP')).toBe('Site da KXP');
  });
});
