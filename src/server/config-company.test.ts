import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the company settings', () => {
  it('defaults to the demo company, with the CNPJ of zeros', () => {
    const config = loadConfig({});
    expect(config.COMPANY_NAME).toBe('Next Level Eventos (demonstração)');
    expect(config.COMPANY_CNPJ).toBe('00.000.000/0000-00');
    expect(config.COMPANY_EMAIL).toBe('contato@nextlevel.com.br');
    expect(config.COMPANY_ADDRESS).toBe('Rua Exemplo, 100 - Centro, Itajaí - SC, 88301-000 (demonstração)');
  });

  it('masks a bare CNPJ as 00.000.000/0000-00', () => {
    expect(loadConfig({ COMPANY_CNPJ: '11222333000181', COMPANY_ADDRESS: 'Rua A, 1 - Centro, Itajaí - SC' }).COMPANY_CNPJ).toBe(
      '11.222.333/0001-81',
    );
  });

  it("stops when a real CNPJ is set without the company's address (Decreto 7.962/2013 art. 2, II)", () => {
    expect(() => loadConfig({ COMPANY_CNPJ: '11.222.333/0001-81' })).toThrow(/COMPANY_ADDRESS: ausente, mas COMPANY_CNPJ está definida/);
    expect(() => loadConfig({ COMPANY_CNPJ: '11.222.333/0001-81', COMPANY_ADDRESS: '' })).toThrow(/COMPANY_ADDRESS: ausente/);
  });

  it('keeps the address as given, trimmed, and refuses one too short to be an address', () => {
    const config = loadConfig({
      COMPANY_CNPJ: '11.222.333/0001-81',
      COMPANY_ADDRESS: '  Av. Brasil, 500 - Centro, Itajaí - SC, 88301-000 ',
    });
    expect(config.COMPANY_ADDRESS).toBe('Av. Brasil, 500 - Centro, Itajaí - SC, 88301-000');
    expect(() => loadConfig({ COMPANY_ADDRESS: 'Rua' })).toThrow(/COMPANY_ADDRESS: endereço muito curto/);
  });

  it('takes a real address with the demo CNPJ', () => {
    expect(loadConfig({ COMPANY_ADDRESS: 'Rua B, 2 - Centro, Itajaí - SC' }).COMPANY_ADDRESS).toBe('Rua B, 2 - Centro, Itajaí - SC');
  });

  it('stops on a CNPJ with a wrong check digit and on a bad e-mail, naming the variable', () => {
    expect(() => loadConfig({ COMPANY_CNPJ: '11.222.333/0001-82' })).toThrow(/COMPANY_CNPJ: CNPJ inválido/);
    expect(() => loadConfig({ COMPANY_EMAIL: 'contato' })).toThrow(/COMPANY_EMAIL: e-mail inválido/);
  });
});
