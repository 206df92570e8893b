import type { ApiErrorBody } from '../../shared/errors';

/** An API answer that was not 2xx; `message` is the pt-BR text to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;
  constructor(status: number, body: Partial<ApiErrorBody>) {
    super(body.message ?? 'Ocorreu um erro inesperado');
    this.status = status;
    this.code = body.code ?? 'internal';
    this.details = (body.details as Record<string, unknown>) ?? {};
  }
}

/**
 * How long a request sent again unchanged and never answered keeps its action's key: a retry
 * within it is answered by the server's first answer, if there was one (docs/rules/idempotency.md
 * 'The web app'); the server keeps keys 24 h.
 */
const ACTION_KEY_REUSE_MS = 60 * 60 * 1000;

/** Pause before sending a request with a key again after the connection failed. */
const NETWORK_RETRY_DELAY_MS = 1000;

/**
 * One person's action (a purchase, a payment, a refund request, a transfer, a sale) and its
 * `Idempotency-Key` (docs/rules/idempotency.md 'The web app'): the same key while the same request
 * (method, path and body) is sent again without having been answered (a lost connection, a second
 * tap while the first is on its way), a new key once an answer came or the request changed. An
 * answer is anything but a lost connection, a 5xx or a 409 saying the first is still in flight.
 */
export class ActionKey {
  private current: { key: string; request: string; answered: boolean; sentAt: number } | null = null;

  /** The key to send `request` (method, path and body as sent) with; `now` in ms since the epoch. */
  keyFor(request: string, now = Date.now()): string {
    const current = this.current;
    if (current && !current.answered && current.request === request && now - current.sentAt < ACTION_KEY_REUSE_MS) {
      current.sentAt = now;
      return current.key;
    }
    this.current = { key: crypto.randomUUID(), request, answered: false, sentAt: now };
    return this.current.key;
  }

  /** `key`'s request was answered: sending again is another action. */
  answered(key: string): void {
    if (this.current?.key === key) this.current.answered = true;
  }
}

/** Whether an HTTP answer ends the action (see ActionKey). */
function endsAction(status: number, body: unknown): boolean {
  if (status >= 500) return false;
  const details = (body as { details?: { idempotency?: unknown } } | undefined)?.details;
  return !(status === 409 && details?.idempotency === 'in_flight');
}

/**
 * fetch against the same-origin API with cookies; JSON in, JSON out; throws ApiError.
 * `idempotencyKey` (a money POST, docs/rules/idempotency.md 'The web app'): the action's ActionKey,
 * or a key of its own (a box-office sale's nonce); sent as `Idempotency-Key`, and with it a request
 * whose connection failed is sent once more, the key making the second send safe.
 */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; idempotencyKey?: ActionKey | string } = {},
): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  const action = init.idempotencyKey;
  const key = typeof action === 'object' ? action.keyFor(`${method} ${path} ${payload ?? ''}`) : action;
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (key !== undefined) headers['idempotency-key'] = key;
  let response: Response | undefined;
  for (let attempt = 0; !response; attempt++) {
    try {
      response = await fetch(path, {
        method,
        credentials: 'include',
        headers: Object.keys(headers).length ? headers : undefined,
        body: payload,
        signal: init.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      if (key === undefined || attempt >= 1) {
        throw new ApiError(0, { code: 'internal', message: 'Sem conexão. Verifique sua internet e tente novamente.' });
      }
      await new Promise((resolve) => setTimeout(resolve, NETWORK_RETRY_DELAY_MS));
    }
  }
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  if (typeof action === 'object' && key !== undefined && endsAction(response.status, body)) action.answered(key);
  if (!response.ok) throw new ApiError(response.status, body ?? {});
  return body as T;
}
