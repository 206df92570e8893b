import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { saoPauloToday } from '../../src/shared/dates';
import { launchBrowser, newContext, desktop, phone } from '../support/browser';
import { startApp, type RunningApp } from '../support/app-server';
import { createBuyer, demoAccount, poll, signInWithForm } from '../support/people';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';
import { expectNoAxeViolationsInBothThemes } from '../support/axe';
import { shoot } from '../support/screenshots';
import { seeTicketsAfterPurchase } from '../support/purchase';

let stripe: StripeDouble;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  stripe = await startStripeDouble();
  app = await startApp(stripe.env);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await stripe?.close();
});

const CARD = '4242424242424242';
const EVENT_DATE = saoPauloToday(new Date(Date.now() + 30 * 86_400_000));
const suffix = () => Math.random().toString(36).slice(2, 7);

/**
 * A stand-in for Stripe.js (https://js.stripe.com), served to the page by Playwright instead of the
 * real script, which this machine cannot download: window.Stripe with elements(), create('card'),
 * mount and getElement as @stripe/react-stripe-js uses them, and confirmCardPayment posting the
 * card, form-encoded with the publishable key, to https://api.stripe.com/v1/payment_intents/:id/confirm
 * as the real Stripe.js does. The test routes that address to the Stripe double.
 */
const STRIPE_JS_STANDIN = String.raw`
(function () {
  function Stripe(publishableKey) {
    function createElement(mounted, type) {
      var handlers = {};
      var fields = {};
      var root = null;
      function emit(name, payload) { (handlers[name] || []).slice().forEach(function (h) { h(payload); }); }
      function digits(name) { return fields[name] ? fields[name].value.replace(/\D/g, '') : ''; }
      function state() {
        var complete = digits('number').length >= 16 && digits('exp').length === 4 && digits('cvc').length >= 3;
        var empty = !digits('number') && !digits('exp') && !digits('cvc');
        return { elementType: type, complete: complete, empty: empty, error: undefined, brand: 'visa' };
      }
      var element = {
        mount: function (node) {
          root = typeof node === 'string' ? document.querySelector(node) : node;
          var wrap = document.createElement('div');
          wrap.setAttribute('data-stripe-standin', type);
          wrap.style.display = 'flex';
          wrap.style.gap = '8px';
          wrap.style.width = '100%';
          [['number', 'Número do cartão', '1234 1234 1234 1234'], ['exp', 'Validade', 'MM / AA'], ['cvc', 'CVC', 'CVC']].forEach(function (f) {
            var input = document.createElement('input');
            input.setAttribute('aria-label', f[1]);
            input.placeholder = f[2];
            input.autocomplete = 'off';
            input.style.minWidth = '0';
            input.size = 1;
            input.style.flex = f[0] === 'number' ? '3' : '1';
            input.style.background = 'transparent';
            input.style.color = 'inherit';
            input.style.border = '0';
            input.style.outline = 'none';
            input.addEventListener('input', function () { emit('change', state()); });
            input.addEventListener('focus', function () { emit('focus', { elementType: type }); });
            input.addEventListener('blur', function () { emit('blur', { elementType: type }); });
            fields[f[0]] = input;
            wrap.appendChild(input);
          });
          root.appendChild(wrap);
          setTimeout(function () { emit('ready', { elementType: type }); }, 0);
        },
        on: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
        off: function (name, handler) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== handler; }); return element; },
        update: function () {},
        focus: function () { if (fields.number) fields.number.focus(); },
        blur: function () {},
        clear: function () { Object.keys(fields).forEach(function (k) { fields[k].value = ''; }); },
        unmount: function () { if (root) root.innerHTML = ''; },
        destroy: function () { if (root) root.innerHTML = ''; if (mounted[type] === element) delete mounted[type]; },
        _card: function () {
          var exp = digits('exp');
          return { number: digits('number'), exp_month: exp.slice(0, 2), exp_year: exp.slice(2, 4), cvc: digits('cvc') };
        },
      };
      mounted[type] = element;
      return element;
    }
    function flatten(prefix, value, out) {
      if (value === null || value === undefined) { out.push([prefix, '']); return out; }
      if (typeof value === 'object') {
        Object.keys(value).forEach(function (key) { flatten(prefix ? prefix + '[' + key + ']' : key, value[key], out); });
        return out;
      }
      out.push([prefix, String(value)]);
      return out;
    }
    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function () {
        var mounted = {};
        return {
          create: function (type) { return createElement(mounted, type); },
          getElement: function (which) {
            var type = typeof which === 'string' ? which : which && which.__elementType;
            return mounted[type] || null;
          },
          update: function () {},
        };
      },
      createToken: function () { return Promise.reject(new Error('not in the stand-in')); },
      createPaymentMethod: function () { return Promise.reject(new Error('not in the stand-in')); },
      confirmCardPayment: function (clientSecret, data) {
        var id = clientSecret.split('_secret_')[0];
        var pm = data.payment_method;
        var params = {
          key: publishableKey,
          client_secret: clientSecret,
          payment_method_data: { type: 'card', card: pm.card._card(), billing_details: pm.billing_details || {} },
          payment_method_options: data.payment_method_options,
          return_url: data.return_url,
        };
        var body = new URLSearchParams();
        flatten('', params, []).forEach(function (pair) { body.append(pair[0], pair[1]); });
        return fetch('https://api.stripe.com/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
        })
          .then(function (response) { return response.json(); })
          .then(function (json) { return json.error ? { error: json.error } : { paymentIntent: json }; });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

interface SeenRequest {
  url: string;
  method: string;
  body: string;
}

/**
 * A buyer's browser in Stripe mode: Stripe.js is the stand-in, api.stripe.com is the double (it
 * checks the publishable key and the client secret, as Stripe does for calls made with a
 * publishable key, then answers as the double does), and every request the pages make is kept.
 */
async function stripeBrowser(size: typeof phone | typeof desktop) {
  const context = await newContext(browser, size, app.baseUrl);
  const seen: SeenRequest[] = [];
  context.on('request', (request) => seen.push({ url: request.url(), method: request.method(), body: request.postData() ?? '' }));
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: STRIPE_JS_STANDIN }),
  );
  await context.route('https://api.stripe.com/**', (route) => answerAsStripe(route));
  return { context, seen };
}

async function answerAsStripe(route: Route) {
  const request = route.request();
  const path = new URL(request.url()).pathname;
  const form = new URLSearchParams(request.postData() ?? '');
  const cors = { 'access-control-allow-origin': '*' };
  const match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
  const intent = match ? stripe.paymentIntents.get(match[1]) : undefined;
  if (form.get('key') !== stripe.env.STRIPE_PUBLISHABLE_KEY || !intent || form.get('client_secret') !== intent.client_secret) {
    await route.fulfill({
      status: 401,
      headers: cors,
      json: { error: { type: 'invalid_request_error', message: 'Invalid API key or client secret.' } },
    });
    return;
  }
  form.delete('key');
  form.delete('client_secret');
  const answer = await fetch(`${stripe.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stripe.env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  await route.fulfill({ status: answer.status, headers: cors, contentType: 'application/json', body: await answer.text() });
}

/** Every request to our own server that carried the card number, in its address or its body. */
function cardLeaks(seen: SeenRequest[]) {
  const spaced = CARD.replace(/(\d{4})(?=\d)/g, '$1 ');
  return seen.filter(
    (r) =>
      new URL(r.url).origin === new URL(app.baseUrl).origin &&
      [CARD, spaced, encodeURIComponent(spaced)].some((c) => r.url.includes(c) || r.body.includes(c)),
  );
}

/** Stripe tells our server, signed, that the PaymentIntent succeeded. */
async function deliverSucceeded(intentId: string) {
  const { payload, headers } = stripe.signedWebhook(stripe.event('payment_intent.succeeded', stripe.setStatus(intentId, 'succeeded')));
  const response = await fetch(`${app.baseUrl}/api/payments/stripe/webhook`, { method: 'POST', headers, body: payload });
  expect(response.status).toBe(200);
}

async function createEvent(priceCentavos: number) {
  const admin = await newContext(browser, desktop, app.baseUrl);
  const { email, password } = demoAccount(app, 'admin');
  await signInWithForm(await admin.newPage(), email, password, '/admin');
  const title = `Noite Stripe ${suffix()}`;
  const response = await admin.request.post('/api/admin/events', {
    data: {
      title,
      category: 'Next Level Events',
      description: 'Evento do teste de pagamento com a Stripe.',
      date: EVENT_DATE,
      startTime: '21:00',
      location: 'Audio Club',
      city: 'São Paulo',
      isPublished: true,
      sectors: [{ name: 'Pista', priceCentavos, remaining: 30 }],
    },
  });
  expect(response.status()).toBe(201);
  const event = await response.json();
  await admin.close();
  return { eventId: event.id as string, title };
}

/** Opens the checkout of one ticket with the buyer's phone and CPF filled. */
async function openCheckout(page: Page, eventId: string) {
  await page.goto(`/event/${eventId}`);
  await page
    .getByRole('button', { name: /^Aumentar quantidade de/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Comprar 1 ingresso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finalizar pagamento' });
  await poll(() => dialog.isVisible()).toBe(true);
  await dialog.getByLabel('Telefone').fill('11987654321');
  await dialog.getByLabel('CPF').fill('52998224725');
  return dialog;
}

async function fillStripeCard(scope: Locator) {
  await poll(() => scope.getByLabel('Número do cartão').isVisible()).toBe(true);
  await scope.getByLabel('Número do cartão').fill(CARD);
  await scope.getByLabel('Validade').fill('12 / 34');
  await scope.getByLabel('CVC').fill('123');
}

describe('checkout with Stripe', () => {
  it('pays a card in 3x through Stripe.js in the browser: the card goes to Stripe only, and the webhook completes the order', async () => {
    const event = await createEvent(26000);
    const buyer = await createBuyer(app, { fullName: 'Renata Oliveira Campos', emailPrefix: 'stripe.cartao' });
    const { context, seen } = await stripeBrowser(desktop);
    const page = await context.newPage();
    await signInWithForm(page, buyer.email, buyer.password, '/events');
    const dialog = await openCheckout(page, event.eventId);

    await dialog.getByText('Cartão de crédito').click();
    await fillStripeCard(dialog);
    // Stripe's frame holds number, validity and CVC; the sandbox's own fields are not there.
    expect(await dialog.getByLabel('Nome impresso no cartão').count()).toBe(0);
    expect(await dialog.getByText('Modo de teste').count()).toBe(0);
    await poll(() => dialog.getByText('Os dados do cartão vão direto para a Stripe, nosso processador de pagamentos.').isVisible()).toBe(
      true,
    );
    await dialog.getByLabel('Parcelamento').selectOption('3');
    await poll(() => dialog.getByText('3x sem juros (1x R$ 86,68 + 2x R$ 86,66), total R$ 260,00').isVisible()).toBe(true);
    await expectNoAxeViolationsInBothThemes(page, 'Stripe card checkout');
    await dialog.getByText('Dados do cartão', { exact: true }).evaluate((label) => label.scrollIntoView({ block: 'center' }));
    await shoot(page, 'stripe-card');
    await dialog.getByRole('button', { name: 'Pagar R$ 260,00' }).click();
    await poll(() => dialog.getByText('Confirmando pagamento...').isVisible()).toBe(true);

    // Our server made the PaymentIntent; the browser confirmed it with Stripe, card and plan included.
    const [confirm] = stripe.requestsTo('POST', /^\/v1\/payment_intents\/[^/]+\/confirm$/);
    const intentId = confirm.path.split('/')[3];
    const intent = stripe.paymentIntents.get(intentId)!;
    expect(intent).toMatchObject({ amount: 26000, currency: 'brl', payment_method_types: ['card'] });
    expect(confirm.body).toMatchObject({
      payment_method_data: {
        type: 'card',
        card: { number: CARD, cvc: '123' },
        billing_details: { name: 'Renata Oliveira Campos', email: buyer.email },
      },
      payment_method_options: { card: { installments: { plan: { count: '3', interval: 'month', type: 'fixed_count' } } } },
      return_url: `${app.baseUrl}/payment-success?session_id=${intentId}`,
    });
    // Still waiting: nothing is confirmed by the browser's word.
    await page.waitForTimeout(1_500);
    expect(await dialog.getByText('Confirmando pagamento...').isVisible()).toBe(true);

    await deliverSucceeded(intentId);
    await poll(() => page.getByText('Pagamento realizado com sucesso!').isVisible()).toBe(true);
    await seeTicketsAfterPurchase(page);
    await poll(() => page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(1);

    expect(cardLeaks(seen)).toEqual([]);
    expect(seen.some((r) => r.url.startsWith('https://api.stripe.com/') && r.body.includes(CARD))).toBe(true);
    expect(seen.filter((r) => r.url.includes('/card-payment'))).toEqual([]);
    // The sandbox's card route does not exist with Stripe.
    const orderId = intent.metadata.order_id;
    const raw = await context.request.post(`/api/orders/${orderId}/card-payment`, {
      data: { cardNumber: CARD, holderName: 'RENATA O CAMPOS', expiry: '12/34', cvc: '123' },
    });
    expect(raw.status()).toBe(404);
    await context.close();
  });

  it('asks for another card after Stripe declines one, resumes it from Meus ingressos, and /payment-success waits for the webhook', async () => {
    const event = await createEvent(8000);
    const buyer = await createBuyer(app, { fullName: 'Tiago Mendes Rocha', emailPrefix: 'stripe.recusa' });
    const { context, seen } = await stripeBrowser(phone);
    const page = await context.newPage();
    await signInWithForm(page, buyer.email, buyer.password, '/events');
    const dialog = await openCheckout(page, event.eventId);
    await dialog.getByText('Cartão de crédito').click();
    await fillStripeCard(dialog);

    stripe.failNext(/\/confirm$/, 402, { type: 'card_error', code: 'card_declined', message: 'Seu cartão foi recusado.' });
    await dialog.getByRole('button', { name: 'Pagar R$ 80,00' }).click();
    await poll(() => dialog.getByRole('alert').filter({ hasText: 'Seu cartão foi recusado.' }).isVisible()).toBe(true);
    await shoot(page, 'stripe-declined');
    await page.keyboard.press('Escape');

    // Later, from 'Meus ingressos': the order is still open, and Stripe's frame asks for a card.
    await page.goto('/tickets');
    const pending = page.getByRole('article', { name: event.title });
    await pending.getByRole('button', { name: 'Continuar pagamento' }).click();
    const resume = page.getByRole('dialog', { name: 'Continuar pagamento' });
    await fillStripeCard(resume);
    await resume.getByRole('button', { name: 'Pagar R$ 80,00' }).click();
    await poll(() => resume.getByText('Confirmando pagamento...').isVisible()).toBe(true);
    const confirms = stripe.requestsTo('POST', /^\/v1\/payment_intents\/[^/]+\/confirm$/);
    const intentId = confirms[confirms.length - 1].path.split('/')[3];
    // A single PaymentIntent for the order, confirmed twice (the first declined).
    expect(confirms.filter((c) => c.path.includes(intentId)).length).toBe(2);

    // Stripe's return_url: it says the order still waits, then shows it paid once the webhook arrives.
    await page.goto(`/payment-success?session_id=${intentId}`);
    await poll(() => page.getByRole('heading', { name: 'Aguardando pagamento...' }).isVisible()).toBe(true);
    await deliverSucceeded(intentId);
    await poll(() => page.getByRole('heading', { name: 'Compra confirmada!' }).isVisible()).toBe(true);
    await poll(() => page.getByText(event.title).isVisible()).toBe(true);

    expect(cardLeaks(seen)).toEqual([]);
    await context.close();
  });

  it("shows Stripe's PIX BR Code as the sandbox shows its own, without 'Simular pagamento', and completes on the webhook", async () => {
    const event = await createEvent(8000);
    const buyer = await createBuyer(app, { fullName: 'Sofia Almeida Cruz', emailPrefix: 'stripe.pix' });
    const { context } = await stripeBrowser(phone);
    const page = await context.newPage();
    await signInWithForm(page, buyer.email, buyer.password, '/events');
    const dialog = await openCheckout(page, event.eventId);
    await dialog.getByRole('button', { name: 'Pagar com PIX' }).click();
    await poll(() => dialog.locator('#pix-copia-e-cola').inputValue()).toMatch(/^000201/);
    const pixCode = await dialog.locator('#pix-copia-e-cola').inputValue();
    const intent = [...stripe.paymentIntents.values()].find((i) => i.next_action?.pix_display_qr_code?.data === pixCode);
    expect(intent).toBeDefined();
    await poll(() => dialog.getByRole('img', { name: 'QR Code PIX' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Simular pagamento' }).count()).toBe(0);
    await shoot(page, 'stripe-pix');

    await deliverSucceeded(intent!.id);
    await poll(() => page.getByText('Compra realizada com sucesso!').isVisible()).toBe(true);
    await seeTicketsAfterPurchase(page);
    await poll(() => page.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(1);
    await context.close();
  });
});
