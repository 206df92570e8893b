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

/** fetch against the same-origin API with cookies; JSON in, JSON out; throws ApiError. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'internal', message: 'Sem conexão. Verifique sua internet e tente novamente.' });
  }
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, body ?? {});
  return body as T;
}
