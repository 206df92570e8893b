import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer';
import { createWhatsAppSender } from '../messaging/whatsapp';
import { localOutboxFileName, recipientTag } from './local-outbox';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nl-outbox-'));
  dirs.push(dir);
  return dir;
}

/** A pino logger at info whose lines land in `lines`. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('recipientTag', () => {
  it('gives one tag to one address however it is written, and none of the address', () => {
    expect(recipientTag('Ana@Exemplo.com.br ')).toBe(recipientTag('ana@exemplo.com.br'));
    expect(recipientTag('(47) 99123-4567')).toBe(recipientTag('+5547991234567'));
    expect(recipientTag('ana@exemplo.com.br')).not.toBe(recipientTag('bia@exemplo.com.br'));
    expect(localOutboxFileName('ana@exemplo.com.br', '.eml', new Date('2025-03-15T21:04:05.123Z'))).toBe(
      `2025-03-15T21-04-05-123Z-${recipientTag('ana@exemplo.com.br')}.eml`,
    );
  });
});

describe('the local outbox senders', () => {
  it('name the e-mail and WhatsApp files by the recipient’s tag and log the address masked', async () => {
    const dir = dataDir();
    const { log, lines } = capturingLogger();
    await createMailer({ from: 'Next Level <nao-responda@nextlevel.demo>', dataDir: dir, log }).send({
      to: 'ana.lima@exemplo.com.br',
      subject: 'Seus ingressos',
      text: 'Olá',
      link: 'http://localhost:3000/tickets',
    });
    const whatsapp = createWhatsAppSender({ apiUrl: 'https://graph.facebook.com/v21.0', dataDir: dir, log });
    expect(whatsapp.mode).toBe('outbox');
    await whatsapp.send('+5547991234567', 'Compra confirmada!');

    const names = readdirSync(join(dir, 'outbox')).sort();
    expect(names).toHaveLength(2);
    expect(names.find((n) => n.endsWith('.eml'))).toMatch(new RegExp(`-${recipientTag('ana.lima@exemplo.com.br')}\\.eml$`));
    expect(names.find((n) => n.endsWith('.whatsapp.txt'))).toMatch(new RegExp(`-${recipientTag('+5547991234567')}\\.whatsapp\\.txt$`));
    expect(readFileSync(join(dir, 'outbox', names.find((n) => n.endsWith('.eml'))!), 'utf8')).toContain('To: ana.lima@exemplo.com.br');

    const logged = lines.join('');
    expect(lines.map((line) => JSON.parse(line).to)).toEqual(['a***@exemplo.com.br', '+55 47 9****-4567']);
    for (const secret of ['ana.lima', '991234567', '99123-4567']) expect(logged).not.toContain(secret);
    expect(JSON.parse(lines[0]).link).toBe('http://localhost:3000/tickets');
  });
});
