import { sql } from 'drizzle-orm';
import { formatEventDate, formatEventTime } from '../../../shared/dates';
import type { ServiceDeps } from '../deps';
import { readTickets, readTransfers, transferToken } from './ticket-rows';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The e-mail to the recipient of a transfer (job 'transfer_email', worker.ts): pt-BR, text and
 * HTML, with the link /transfer/<token> ('Aceitar ingresso'; the token derived again from the
 * transfer's id, ticket-rows transferToken) and the account e-mail to accept with. Sent whatever
 * the recipient's notification settings (they asked for nothing: it is the ticket itself).
 * Returns 'off' when the transfer is no longer pending (cancelled or accepted before the job
 * ran), else 'sent'; a throw retries.
 */
export async function sendTransferEmail(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'publicUrl' | 'ticketSigningKey'>,
  transferId: string,
): Promise<'sent' | 'off'> {
  const [transfer] = await readTransfers(deps.db, sql`tt.id = ${transferId}::uuid`);
  if (!transfer || transfer.status !== 'pending') return 'off';
  const [ticket] = await readTickets(deps.db, { ids: [transfer.ticket_id] });
  if (!ticket) return 'off';
  const link = new URL(`/transfer/${transferToken(deps.ticketSigningKey, transfer.id)}`, deps.publicUrl).toString();
  const { event } = ticket;
  const when = `${formatEventDate(event.date)}, ${formatEventTime(event.startTime)}`;
  const from = transfer.from_name ?? 'Alguém';
  const text = [
    `Olá, ${transfer.to_name}!`,
    '',
    `${from} transferiu um ingresso para você: ${ticket.sectorName}, ${event.title}.`,
    `${when} - ${event.location}`,
    '',
    `Para aceitar, abra o link e entre (ou crie sua conta) com este e-mail, ${transfer.to_email}:`,
    link,
    '',
    'Depois de aceito, o ingresso fica em Meus ingressos com um novo QR code, no seu nome.',
  ].join('\n');
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto">
<h1 style="font-size:20px">Você recebeu um ingresso: ${escapeHtml(event.title)}</h1>
<p>Olá, ${escapeHtml(transfer.to_name)}! ${escapeHtml(from)} transferiu um ingresso para você: <strong>${escapeHtml(ticket.sectorName)}</strong>.</p>
<p>${escapeHtml(when)} - ${escapeHtml(event.location)}.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#111;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Aceitar ingresso</a></p>
<p>Entre (ou crie sua conta) com este e-mail, ${escapeHtml(transfer.to_email)}. Depois de aceito, o ingresso fica em Meus ingressos com um novo QR code, no seu nome.</p>
</body></html>`;
  await deps.mailer.send({ to: transfer.to_email, subject: `Ingresso para você: ${event.title}`, text, html, link });
  return 'sent';
}
