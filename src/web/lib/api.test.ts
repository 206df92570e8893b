import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionKey, ApiError, api } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ActionKey', () => {
  it('keeps the key while the same request goes unanswered, and takes a new one for another request or after an answer', () => {
    const action = new ActionKey();
    const first = action.keyFor('POST /api/orders {"a":1}');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(action.keyFor('POST /api/orders {"a":1}')).toBe(first);
    const other = action.keyFor('POST /api/orders {"a":2}');
    expect(other).not.toBe(first);
    action.answered(other);
    expect(action.keyFor('POST /api/orders {"a":2}')).not.toBe(other);
  });

  it('takes a new key for a request sent again an hour later', () => {
    const action = new ActionKey();
    const first = action.keyFor('POST /api/refunds {}', 0);
    expect(action.keyFor('POST /api/refunds {}', 59 * 60_000)).toBe(first);
    expect(action.keyFor('POST /api/refunds {}', 59 * 60_000 + 60 * 60_000)).not.toBe(first);
  });
});

type Call = { url: string; headers: Record<string, string> | undefined };

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers each call from `outcomes` in turn (an Error is a lost connection) and records what it was sent. */
function stubFetch(outcomes: (Response | Error)[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> | undefined });
    const next = outcomes.shift()!;
    if (next instanceof Error) throw next;
    return next;
  });
  return calls;
}

describe('api with an Idempotency-Key', () => {
  it('sends no key header without one, and does not send again after a lost connection', async () => {
    const calls = stubFetch([new TypeError('Failed to fetch')]);
    await expect(api('/api/orders', { body: { a: 1 } })).rejects.toMatchObject({ status: 0 });
    expect(calls).toHaveLength(1);
    expect(calls[0].headers).toEqual({ 'content-type': 'application/json' });
  });

  it('sends the request once more with the same key after a lost connection', async () => {
    vi.useFakeTimers();
    const calls = stubFetch([new TypeError('Failed to fetch'), answer(201, { id: 'o1' })]);
    const action = new ActionKey();
    const placed = api('/api/orders', { body: { a: 1 }, idempotencyKey: action });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(placed).resolves.toEqual({ id: 'o1' });
    expect(calls).toHaveLength(2);
    expect(calls[0].headers!['idempotency-key']).toBe(calls[1].headers!['idempotency-key']);
  });

  it('reuses the key after a 5xx or a 409 in flight, and takes a new one after a 4xx answer', async () => {
    const calls = stubFetch([
      answer(500, { code: 'internal', message: 'Ocorreu um erro inesperado', details: {} }),
      answer(409, {
        code: 'conflict',
        message: 'Esta ação ainda está em andamento. Aguarde um instante.',
        details: { idempotency: 'in_flight' },
      }),
      answer(409, { code: 'ticket_type_sold_out', message: 'Esgotado', details: {} }),
      answer(201, { id: 'o2' }),
    ]);
    const action = new ActionKey();
    const send = () => api('/api/orders', { body: { a: 1 }, idempotencyKey: action });
    for (let i = 0; i < 3; i++) await expect(send()).rejects.toBeInstanceOf(ApiError);
    await send();
    const keys = calls.map((c) => c.headers!['idempotency-key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('sends a key given as text as it is', async () => {
    const calls = stubFetch([answer(200, { ok: true })]);
    await api('/api/box-office/sales', { body: { nonce: 'venda-123456' }, idempotencyKey: 'venda-123456' });
    expect(calls[0].headers!['idempotency-key']).toBe('venda-123456');
  });
});
