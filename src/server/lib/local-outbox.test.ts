import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer';
import { createWhatsAppSender } from '../messaging/whatsapp';
import { localOutboxFileName, recipientTag, removeLocalOutboxFiles } from './local-outbox';

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
    expect(
      readFileSync(
        join(
          dir,
          'outbox',
          names.find((n) => n.endsWith('.eml'))!,
        ),
        'utf8',
      ),
    ).toContain('To: ana.lima@exemplo.com.br');

    const logged = lines.join('');
    expect(lines.map((line) => JSON.parse(line).to)).toEqual(['a***@exemplo.com.br', '+55 47 9****-4567']);
    for (const secret of ['ana.lima', '991234567', '99123-4567']) expect(logged).not.toContain(secret);
    expect(JSON.parse(lines[0]).link).toBe('http://localhost:3000/tickets');
  });
});

describe('removeLocalOutboxFiles', () => {
  it('removes the files addressed to the given e-mails and phones, by tag or by content, and leaves the rest', async () => {
    const dir = dataDir();
    const outbox = join(dir, 'outbox');
    const { log } = capturingLogger();
    const mailer = createMailer({ from: 'Next Level <nao-responda@nextlevel.demo>', dataDir: dir, log });
    const whatsapp = createWhatsAppSender({ apiUrl: 'https://graph.facebook.com/v21.0', dataDir: dir, log });
    await mailer.send({ to: 'Ana@Exemplo.com.br', subject: 'Um', text: 'Olá' });
    await mailer.send({ to: 'bia@exemplo.com.br', subject: 'Dois', text: 'Olá' });
    await whatsapp.send('+5547991234567', 'Para a Ana');
    await whatsapp.send('+5511988887777', 'Para a Bia');
    // Named as before tags: the address in the name, found by its text.
    writeFileSync(join(outbox, '2025-01-01T00-00-00-000Z-ana@exemplo.com.br.eml'), 'To: ana@exemplo.com.br\n\nOlá\n');
    writeFileSync(join(outbox, '2025-01-01T00-00-00-000Z-5547991234567.whatsapp.txt'), 'Para: +5547991234567\n\nOi\n');
    writeFileSync(join(outbox, 'leia-me.txt'), 'ana@exemplo.com.br');

    const removed = await removeLocalOutboxFiles(dir, { emails: ['ana@exemplo.com.br'], phones: ['(47) 99123-4567'] });

    expect(removed).toBe(4);
    const left = readdirSync(outbox);
    expect(left).toHaveLength(3);
    expect(left).toContain('leia-me.txt');
    const texts = left.filter((n) => n !== 'leia-me.txt').map((n) => readFileSync(join(outbox, n), 'utf8'));
    expect(texts.some((t) => t.includes('To: bia@exemplo.com.br'))).toBe(true);
    expect(texts.some((t) => t.includes('Para: +5511988887777'))).toBe(true);
  });

  it('removes nothing when there is no outbox folder or no valid address', async () => {
    expect(await removeLocalOutboxFiles(dataDir(), { emails: ['ana@exemplo.com.br'], phones: [] })).toBe(0);
    expect(await removeLocalOutboxFiles(dataDir(), { emails: [''], phones: ['123'] })).toBe(0);
  });
});
