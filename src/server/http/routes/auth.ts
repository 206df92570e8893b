import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from '../../auth';

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
};

/** Mounts better-auth under /api/auth/*, translating its error messages to pt-BR. */
export async function authRoutes(app: FastifyInstance, opts: { auth: Auth }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    async handler(request, reply) {
      const url = new URL(request.url, `${request.protocol}://${request.headers.host}`);
      const headers = fromNodeHeaders(request.headers);
      // better-auth rate-limits per client address; hand it the one Fastify resolved.
      headers.set('x-client-ip', request.ip);
      const body =
        request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined;
      if (body) headers.set('content-type', 'application/json');
      const response = await opts.auth.handler(new Request(url, { method: request.method, headers, body }));
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      if (response.status >= 400 && text) {
        try {
          const parsed = JSON.parse(text) as { code?: string; message?: string };
          const message = (parsed.code && authMessages[parsed.code]) ?? 'Ocorreu um erro inesperado';
          return reply.send({ code: parsed.code ?? 'internal', message, details: {} });
        } catch {
          return reply.send(text);
        }
      }
      return reply.send(text || null);
    },
  });
}
