import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FULL_NAME_MAX } from '../../../shared/schemas/profile';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from '../../auth';
import { createSignInThrottle, throttledMessage } from '../sign-in-throttle';
import { sessionCookieOf, type SessionCache } from '../session';

/** pt-BR for the better-auth error codes a person can meet on /auth. */
const authMessages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'E-mail ou senha inválidos',
  INVALID_EMAIL: 'E-mail inválido',
  INVALID_PASSWORD: 'Senha inválida',
  EMAIL_NOT_VERIFIED: 'Confirme seu e-mail antes de entrar: enviamos um novo link para sua caixa de entrada.',
  PASSWORD_TOO_SHORT: 'A senha deve ter pelo menos 8 caracteres',
  PASSWORD_TOO_LONG: 'A senha deve ter no máximo 128 caracteres',
  USER_ALREADY_EXISTS: 'Este e-mail já está cadastrado. Entre com sua senha.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'Este e-mail já está cadastrado. Entre com sua senha.',
  INVALID_TOKEN: 'Link inválido ou expirado.',
  TOKEN_EXPIRED: 'Link expirado. Peça um novo.',
  USER_NOT_FOUND: 'Usuário não encontrado',
  FAILED_TO_CREATE_USER: 'Não foi possível criar a conta. Tente novamente.',
  VALIDATION_ERROR: 'Verifique os dados informados.',
  MISSING_FIELD: 'Preencha todos os campos.',
  INVALID_ORIGIN: 'Origem da requisição não permitida.',
  INVALID_CALLBACK_URL: 'Endereço de retorno não permitido.',
  INVALID_REDIRECT_URL: 'Endereço de retorno não permitido.',
  INVALID_ERROR_CALLBACK_URL: 'Endereço de retorno não permitido.',
  INVALID_NEW_USER_CALLBACK_URL: 'Endereço de retorno não permitido.',
  PROVIDER_NOT_FOUND: 'Este meio de entrada não está disponível.',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'Esta conta já está ligada a outro usuário.',
  FAILED_TO_GET_SESSION: 'Sua sessão expirou. Entre novamente.',
  SESSION_EXPIRED: 'Sua sessão expirou. Entre novamente.',
  INVALID_SESSION_TOKEN: 'Sua sessão expirou. Entre novamente.',
  EMAIL_ALREADY_VERIFIED: 'Este e-mail já foi confirmado.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'E-mail ou senha inválidos',
  ACCOUNT_NOT_FOUND: 'Conta não encontrada.',
  USER_EMAIL_NOT_FOUND: 'E-mail não encontrado.',
  FAILED_TO_UPDATE_USER: 'Não foi possível salvar. Tente novamente.',
  RATE_LIMITED: 'Muitas tentativas. Aguarde um instante e tente novamente.',
  TERMS_NOT_ACCEPTED: 'Para criar sua conta, aceite os Termos de uso e a Política de privacidade.',
  // Where a Google, Facebook or Apple sign-in fails without an /auth to go back to (better-auth's error page).
  account_not_linked:
    'Já existe uma conta com este e-mail. Entre com sua senha e confirme seu e-mail para poder usar esta forma de entrar.',
  access_denied: 'A entrada foi cancelada.',
  state_mismatch: 'A entrada expirou. Tente de novo.',
};

/** pt-BR for the English sentences better-auth answers with on success. */
const authSuccessMessages: Record<string, string> = {
  'If this email exists in our system, check your email for the reset link':
    'Se este e-mail tiver uma conta, enviamos um link para criar uma nova senha.',
};

/** Names as the profile form takes them (src/shared/schemas/profile.ts). */
const authNameSchema = z
  .string('O nome deve ser um texto')
  .trim()
  .max(FULL_NAME_MAX, `O nome deve ter no máximo ${FULL_NAME_MAX} caracteres`);

/** better-auth's error page, in pt-BR: where a failed link (reset, confirmation, social sign-in) lands. */
function errorPage(code: string): string {
  const message = authMessages[code] ?? 'Não foi possível concluir esta ação.';
  const escape = (text: string) =>
    text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Algo deu errado - Next Level</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#111}a{color:#6d28d9}</style></head><body><h1>Algo deu errado</h1><p>${escape(message)}</p><p><a href="/auth">Voltar para entrar</a></p></body></html>`;
}

const SIGN_IN_PATH = '/api/auth/sign-in/email';

/** Mounts better-auth under /api/auth/*, translating its error messages to pt-BR. */
export async function authRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; sessions?: SessionCache; throttle?: ReturnType<typeof createSignInThrottle> },
) {
  const throttle = opts.throttle ?? createSignInThrottle();
  // Sign in with Apple answers with a form posted to /api/auth/callback/apple (response_mode=form_post);
  // its fields go on to better-auth as JSON like every other body. Only in this plugin's scope.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Per address, high enough for a door team signing in together behind one venue Wi-Fi;
    // password guessing is throttled per account below.
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    async handler(request, reply) {
      const url = new URL(request.url, `${request.protocol}://${request.headers.host}`);
      if (request.method === 'GET' && url.pathname === '/api/auth/error') {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(errorPage(url.searchParams.get('error') ?? ''));
      }
      if (request.method === 'POST' && /^\/api\/auth\/(sign-up\/email|update-user)$/.test(url.pathname)) {
        const name = (request.body as { name?: unknown } | undefined)?.name;
        if (name !== undefined) {
          const parsed = authNameSchema.safeParse(name);
          if (!parsed.success) {
            return reply
              .status(400)
              .send({ code: 'validation_failed', message: parsed.error.issues[0].message, details: { field: 'name' } });
          }
        }
      }
      const signInEmail =
        request.method === 'POST' &&
        url.pathname === SIGN_IN_PATH &&
        typeof (request.body as { email?: unknown } | undefined)?.email === 'string'
          ? String((request.body as { email: string }).email)
          : null;
      if (signInEmail) {
        const verdict = throttle.check(signInEmail, request.ip);
        if (!verdict.allowed) {
          return reply
            .status(429)
            .header('retry-after', String(verdict.retryAfterSeconds))
            .send({
              code: 'rate_limited',
              message: throttledMessage(verdict.retryAfterSeconds),
              details: { retryAfterSeconds: verdict.retryAfterSeconds },
            });
        }
      }
      const headers = fromNodeHeaders(request.headers);
      // better-auth rate-limits per client address; hand it the one Fastify resolved.
      headers.set('x-client-ip', request.ip);
      // Signing out, or changing what a session is: this instance stops trusting its cached copy.
      if (request.method === 'POST' && /^\/api\/auth\/(sign-out|revoke-|update-user|change-password|delete-user)/.test(url.pathname)) {
        const cookie = sessionCookieOf(request);
        if (cookie) opts.sessions?.forgetCookie(cookie);
      }
      const body = request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined;
      if (body) headers.set('content-type', 'application/json');
      const response = await opts.auth.handler(new Request(url, { method: request.method, headers, body }));
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      if (signInEmail) {
        if (response.status === 401 || response.status === 403) throttle.recordFailure(signInEmail, request.ip);
        else if (response.ok) throttle.recordSuccess(signInEmail, request.ip);
      }
      if (response.status === 429) {
        const wait = Number(response.headers.get('x-retry-after') ?? 60);
        return reply.header('retry-after', String(wait)).send({
          code: 'rate_limited',
          message: `Muitas tentativas. Tente de novo em ${wait} segundos.`,
          details: { retryAfterSeconds: wait },
        });
      }
      if (response.status >= 400 && text) {
        try {
          const parsed = JSON.parse(text) as { code?: string; message?: string };
          const message = (parsed.code && authMessages[parsed.code]) ?? 'Ocorreu um erro inesperado';
          return reply.send({ code: parsed.code ?? 'internal', message, details: {} });
        } catch {
          return reply.send(text);
        }
      }
      if (response.ok && text && response.headers.get('content-type')?.includes('json')) {
        try {
          const parsed = JSON.parse(text) as { message?: unknown };
          if (typeof parsed.message === 'string' && authSuccessMessages[parsed.message]) {
            return reply.send({ ...parsed, message: authSuccessMessages[parsed.message] });
          }
        } catch {
          // not JSON after all: sent as is below
        }
      }
      return reply.send(text || null);
    },
  });
}
