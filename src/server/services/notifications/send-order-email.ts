import { asc, eq, inArray } from 'drizzle-orm';
import { formatCentavos } from '../../../shared/money';
import { describeEventStart } from '../../../shared/dates';
import { ticketSession } from '../../../shared/ticket-session';
import { buildEventCalendar } from '../../domain/calendar';
import type { Db, Tx } from '../../db/client';
import { eventSessions, events, orderItems, orders, tickets, sectorSessions, userNotificationSettings } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { plural } from '../../../shared/plural';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Said instead of the QR codes for an event whose QR rotates. */
const ROTATING_NOTICE =
  'Neste evento o QR code muda a cada 30 segundos e só vale aberto no app: na entrada, abra o ingresso em Meus ingressos.';

/**
 * The purchase e-mail (docs/rules/notifications.md 'What is notified': tickets with their QR codes and the
 * event's .ics), sent after the order is confirmed, unless the buyer switched 'Notificações por
 * e-mail' off. pt-BR, HTML with a plain-text part: one QR code per ticket as an inline PNG image
 * (300 px, margin 2, the code the door reads, as on 'Meus ingressos') with its holder ('Titular:',
 * the buyer when none was named; docs/rules/transfers.md 'Named tickets') and, on an event with
 * sessions, the start of the session it is valid for (docs/rules/sessions.md 'The session of a
 * ticket'; every start worded as its night, shared/dates.ts describeEventStart), the event as an .ics
 * attachment, and the link to 'Meus ingressos'. For an event whose QR rotates no code is sent (a
 * copy would never get in): the e-mail says to open the ticket in the app. Runs as an outbox job (worker.ts runDueJobs) on `db`, outside any transaction (`tx` works too); a throw retries.
 * Returns 'off' when the setting is off or the order is no longer paid, else 'sent'.
 */
export async function sendOrderEmail(
  deps: Pick<ServiceDeps, 'mailer' | 'publicUrl'>,
  tx: Db | Tx,
  orderId: string,
  now: Date,
): Promise<'sent' | 'off'> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== 'completed') return 'off';
  if (order.userId) {
    const [settings] = await tx.select().from(userNotificationSettings).where(eq(userNotificationSettings.userId, order.userId));
    if (settings && !settings.emailNotifications) return 'off';
  }
  const [event] = await tx.select().from(events).where(eq(events.id, order.eventId));
  const issued = await tx.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(tickets.createdAt, tickets.id);
  const link = new URL('/tickets', deps.publicUrl).toString();
  const when = describeEventStart(event.date, event.startTime).text;
  // On an event with sessions each ticket names the start of the session it is valid for
  // (shared/ticket-session.ts ticketSession, docs/rules/sessions.md 'The session of a ticket').
  const sessionRows = await tx.select().from(eventSessions).where(eq(eventSessions.eventId, event.id)).orderBy(asc(eventSessions.position));
  const typeOfItem = new Map<string, string | null>();
  const coverRows: { sectorId: string; sessionId: string }[] = [];
  if (sessionRows.length > 0) {
    const items = await tx
      .select({ id: orderItems.id, sectorId: orderItems.sectorId })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    for (const item of items) typeOfItem.set(item.id, item.sectorId);
    const typeIds = items.flatMap((i) => (i.sectorId ? [i.sectorId] : []));
    if (typeIds.length > 0) coverRows.push(...(await tx.select().from(sectorSessions).where(inArray(sectorSessions.sectorId, typeIds))));
  }
  const ticketWhen = (ticket: { orderItemId: string }): string | null => {
    const typeId = typeOfItem.get(ticket.orderItemId);
    const own = ticketSession(
      sessionRows,
      coverRows.filter((c) => c.sectorId === typeId).map((c) => c.sessionId),
      now,
    );
    return own ? describeEventStart(own.date, own.startTime).text : null;
  };
  // The QR encoder loads with the first e-mail, not at every start.
  const QRCode = (await import('qrcode')).default;
  // An event whose QR rotates (shared/rotating-qr.ts): a QR in an e-mail would never get in; the app shows it.
  const rotating = event.rotatingQr;
  const qrImages = await Promise.all(
    (rotating ? [] : issued).map((ticket) =>
      QRCode.toBuffer(ticket.code, { width: 300, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }),
    ),
  );
  const calendar = buildEventCalendar(event, { publicUrl: deps.publicUrl, now });

  const courtesy = order.paymentProvider === 'courtesy';
  // The fee is itemised wherever the total is shown (Decreto 7.962/2013 art. 2 IV).
  const amounts =
    order.feeCentavos > 0
      ? `Ingressos: ${formatCentavos(order.totalCentavos - order.feeCentavos)} + taxa de serviço: ${formatCentavos(order.feeCentavos)}. Total: ${formatCentavos(order.totalCentavos)}.`
      : `Total: ${formatCentavos(order.totalCentavos)}.`;
  const opening = courtesy ? `Você recebeu uma cortesia para ${event.title}.` : `Sua compra para ${event.title} foi confirmada.`;
  // A courtesy for an e-mail without an account: the ticket shows in 'Meus ingressos' once it signs up with this address.
  const invitation =
    courtesy && !order.userId ? `Crie sua conta no app com este e-mail (${order.buyerEmail}) para ver o ingresso em Meus ingressos.` : null;
  const text = [
    `Olá, ${order.buyerName}!`,
    '',
    opening,
    `${when} - ${event.location}`,
    courtesy
      ? `${plural(issued.length, 'ingresso', 'ingressos')} de cortesia.`
      : `${plural(issued.length, 'ingresso', 'ingressos')}. ${amounts}`,
    ...(invitation ? ['', invitation] : []),
    '',
    ...issued.map(
      (t, i) =>
        `Ingresso ${i + 1}: ${t.sectorName}${ticketWhen(t) ? ` - ${ticketWhen(t)}` : ''} - titular: ${t.holderName ?? order.buyerName}${rotating ? '' : ` - código ${t.code}`}`,
    ),
    '',
    ...(rotating
      ? [ROTATING_NOTICE, `Meus ingressos: ${link}`]
      : [
          `Os QR codes estão neste e-mail e em Meus ingressos: ${link}`,
          'Apresente cada QR code na entrada do evento; cada um vale uma entrada.',
        ]),
  ].join('\n');
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto">
<h1 style="font-size:20px">${courtesy ? 'Cortesia' : 'Compra confirmada'}: ${escapeHtml(event.title)}</h1>
<p>Olá, ${escapeHtml(order.buyerName)}! ${escapeHtml(when)} - ${escapeHtml(event.location)}.</p>
<p>${courtesy ? `${plural(issued.length, 'ingresso', 'ingressos')} de cortesia.` : `${plural(issued.length, 'ingresso', 'ingressos')}. ${escapeHtml(amounts)}`}</p>
${invitation ? `<p><strong>${escapeHtml(invitation)}</strong></p>` : ''}
${issued
  .map(
    (t, i) => `<div style="border:1px solid #ddd;border-radius:12px;padding:16px;margin:16px 0;text-align:center">
<p style="margin:0 0 8px"><strong>Ingresso ${i + 1}: ${escapeHtml(t.sectorName)}</strong>${ticketWhen(t) ? `<br>${escapeHtml(ticketWhen(t)!)}` : ''}<br>Titular: ${escapeHtml(t.holderName ?? order.buyerName)}</p>${
      rotating
        ? ''
        : `
<img src="cid:ingresso-${i + 1}" width="300" height="300" alt="QR code do ingresso ${i + 1}">
<p style="font-size:12px;color:#555;word-break:break-all">${escapeHtml(t.code)}</p>`
    }</div>`,
  )
  .join('\n')}
${
  rotating
    ? `<p><strong>${escapeHtml(ROTATING_NOTICE)}</strong> <a href="${escapeHtml(link)}">Abrir Meus ingressos</a></p>`
    : `<p>Apresente este QR code na entrada do evento para validação. Seus ingressos também estão em <a href="${escapeHtml(link)}">Meus ingressos</a>.</p>`
}
</body></html>`;

  await deps.mailer.send({
    to: order.buyerEmail,
    subject: courtesy ? `Sua cortesia: ${event.title}` : `Seus ingressos: ${event.title}`,
    text,
    html,
    link,
    attachments: [
      ...qrImages.map((content, i) => ({ filename: `ingresso-${i + 1}.png`, content, contentType: 'image/png', cid: `ingresso-${i + 1}` })),
      { filename: 'evento.ics', content: Buffer.from(calendar, 'utf8'), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  });
  return 'sent';
}
