import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the company settings', () => {
  it('defaults to the demo company, with the CNPJ of zeros', () => {
    const config = loadConfig({});
    expect(config.COMPANY_NAME).toBe('Next Level Eventos (demonstração)');
    expect(config.COMPANY_CNPJ).toBe('00.000.000/0000-00');
    expect(config.COMPANY_EMAIL).toBe('contato@nextlevel.com.br');
  });

  it('masks a bare CNPJ as 00.000.000/0000-00', () => {
    expect(loadConfig({ COMPANY_CNPJ: '11222333000181' }).COMPANY_CNPJ).toBe('11.222.333/0001-81');
  });

  it('stops on a CNPJ with a wrong check digit and on a bad e-mail, naming the variable', () => {
    expect(() => loadConfig({ COMPANY_CNPJ: '11.222.333/0001-82' })).toThrow(/COMPANY_CNPJ: CNPJ inválido/);
    expect(() => loadConfig({ COMPANY_EMAIL: 'contato' })).toThrow(/COMPANY_EMAIL: e-mail inválido/);
  });
});
