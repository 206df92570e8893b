// The minimal entry: the same betterAuth without Kysely, which the Drizzle adapter does not use.
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { SocialProviderId, SocialProviderSettings } from './config';
import type { Db } from './db/client';
import { accounts, profiles, sessions, userNotificationSettings, userRoles, users, verifications } from './db/schema';
import type { Mailer } from './mail/mailer';
import { forgetSessions } from './services/staff/session-events';
import { grantInvitedRoles } from './services/staff/staff';
import { claimCourtesies } from './services/orders/place-order';
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from './domain/session-lifetime';
import { recordSignIn } from './services/access/access-records';

export interface AuthOptions {
  db: Db;
  baseUrl: string;
  trustedOrigins: string[];
  secret: string;
  mailer: Mailer;
  /** Rate limiting of the auth endpoints; off in tests that sign many users up. */
  rateLimit: boolean;
  /** The sign-in providers whose keys are set (config.ts socialProviderSettings); none by default. */
  socialProviders?: SocialProviderSettings;
}

/** The request header routes/auth.ts sets to the client address Fastify resolved (TRUST_PROXY). */
const CLIENT_IP_HEADER = 'x-client-ip';

/** Apple answers the sign-in with a form posted from this origin (response_mode=form_post). */
const APPLE_ORIGIN = 'https://appleid.apple.com';

/**
 * The sign-up body field that says the person ticked 'Li e aceito os Termos de uso e a Política de
 * privacidade' (must be `true`). No column keeps it: an account exists only once it was accepted,
 * so the account's created_at is when the terms were accepted.
 */
const ACCEPT_TERMS_FIELD = 'acceptTerms';

/** The better-auth error code of a sign-up without the terms accepted (routes/auth.ts words it in pt-BR). */
const TERMS_NOT_ACCEPTED = 'TERMS_NOT_ACCEPTED';

/** Refuses an e-mail sign-up whose body does not carry `acceptTerms: true`, before anything is written. */
const requireAcceptedTerms = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-up/email') return;
  const body = ctx.body as Record<string, unknown> | undefined;
  if (body?.[ACCEPT_TERMS_FIELD] === true) return;
  throw new APIError('BAD_REQUEST', {
    code: TERMS_NOT_ACCEPTED,
    message: 'Para criar sua conta, aceite os Termos de uso e a Política de privacidade.',
  });
});

/**
 * The sign-in providers that actually started: Google's is dropped when its discovery document
 * could not be read at start (better-auth logs why), so its button does not show to fail later.
 */
export async function activeSocialProviders(auth: Auth): Promise<SocialProviderId[]> {
  const context = await auth.$context;
  const started = new Set(context.socialProviders.map((provider) => provider.id));
  return (['google', 'facebook', 'apple'] as const).filter((id) => started.has(id));
}

/**
 * better-auth over our Drizzle tables: e-mail + password (8 characters at least, docs/rules/accounts-and-data.md 'Passwords'),
 * confirmation e-mail on sign-up, password reset, cookie sessions stored in the database. A new
 * account is signed in at once and may buy before confirming its e-mail (a first purchase must not
 * stop at the inbox; the tickets go to the address the buyer types at checkout); the web asks for
 * the confirmation until it is done. What needs the address proven still waits for it: the staff
 * roles of an invitation and the courtesies issued to the e-mail (the hooks below).
 * Creating a user also creates its profile (full_name = e-mail, docs/data-model.md 'Profiles'), its 'user'
 * role and its notification settings, in the same database, and the staff roles an invitation
 * promised to its e-mail ('Equipe'). Every session it ends is announced on the `sessions` channel
 * (services/staff/session-events.ts).
 * A sign-up must carry `acceptTerms: true` (the sign-up form's checkbox), else it is refused with
 * TERMS_NOT_ACCEPTED and nothing is written.
 * Google, Facebook and Apple sign in when their keys are set (docs/rules/accounts-and-data.md 'Sign-up and sign-in'),
 * through /api/auth/sign-in/social and back at /api/auth/callback/<provider>. Google is read from
 * its OpenID Connect discovery document (settings.google.discoveryUrl, Google's own by default):
 * its ID token is checked against the keys and issuer published there, and bound to the request by
 * a nonce. A provider's account joins an existing account of the same e-mail only when both the
 * provider and the account have the address confirmed; otherwise the sign-in is refused.
 */
export function createAuth(options: AuthOptions) {
  const { db, mailer } = options;
  const social = options.socialProviders ?? {};
  return betterAuth({
    appName: 'Next Level',
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: social.apple ? [...options.trustedOrigins, APPLE_ORIGIN] : options.trustedOrigins,
    database: drizzleAdapter(db as never, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      requireEmailVerification: false,
      autoSignIn: true,
      // docs/rules/accounts-and-data.md 'Sign-up and sign-in': password reset. The link lives 1 hour and, once used,
      // signs every other session of the account out.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Redefinir sua senha - Next Level',
          text: `Olá! Para criar uma nova senha, abra o link abaixo (válido por 1 hora):\n\n${url}\n\nSe você não pediu, ignore este e-mail: sua senha continua a mesma.`,
          html: `<p>Olá!</p><p>Para criar uma nova senha na Next Level, abra o link abaixo (válido por 1 hora):</p><p><a href="${url}">Criar nova senha</a></p><p>Se você não pediu, ignore este e-mail: sua senha continua a mesma.</p>`,
          link: url,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Confirme seu e-mail - Next Level',
          text: `Olá! Confirme seu cadastro na Next Level abrindo o link abaixo:\n\n${url}\n\nSe você não criou uma conta, ignore este e-mail.`,
          html: `<p>Olá!</p><p>Confirme seu cadastro na Next Level:</p><p><a href="${url}">Confirmar meu e-mail</a></p><p>Se você não criou uma conta, ignore este e-mail.</p>`,
          link: url,
        });
      },
    },
    socialProviders: {
      ...(social.facebook ? { facebook: { clientId: social.facebook.clientId, clientSecret: social.facebook.clientSecret } } : {}),
      ...(social.apple
        ? {
            apple: {
              clientId: social.apple.clientId,
              clientSecret: social.apple.clientSecret,
              appBundleIdentifier: social.apple.appBundleIdentifier,
            },
          }
        : {}),
    },
    plugins: social.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                name: 'Google',
                clientId: social.google.clientId,
                clientSecret: social.google.clientSecret,
                discoveryUrl: social.google.discoveryUrl,
                // No ID token is trusted unless the discovery document gave its issuer and keys.
                requireIdTokenVerification: true,
                scopes: ['openid', 'email', 'profile'],
                prompt: 'select_account',
              },
            ],
          }),
        ]
      : [],
    hooks: { before: requireAcceptedTerms },
    session: {
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    // Per client address (the one Fastify resolved from TRUST_PROXY). Sign-in is generous per
    // address (a door team behind one Wi-Fi) and throttled per account in routes/auth.ts.
    rateLimit: {
      enabled: options.rateLimit,
      window: 60,
      max: 60,
      customRules: {
        '/sign-in/email': { window: 60, max: 60 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 3 },
      },
    },
    advanced: { ipAddress: { ipAddressHeaders: ['x-client-ip'] } },
    databaseHooks: {
      user: {
        create: {
          async after(user) {
            await db
              .insert(profiles)
              .values({ id: user.id, fullName: user.name || user.email })
              .onConflictDoNothing();
            await db.insert(userRoles).values({ userId: user.id, role: 'user' }).onConflictDoNothing();
            await db.insert(userNotificationSettings).values({ userId: user.id }).onConflictDoNothing();
            // An invitation's role only once the address is proven ('Confirmar meu e-mail').
            if (user.emailVerified) await grantInvitedRoles(db, user);
            if (user.emailVerified) await claimCourtesies(db, user);
          },
        },
        update: {
          async after(user) {
            if (user.emailVerified) await grantInvitedRoles(db, user);
            if (user.emailVerified) await claimCourtesies(db, user);
            // Every instance stops trusting the copy of the account it checked (its e-mail was just
            // confirmed, say), so the next /api/me answers what the database says.
            await forgetSessions(db, user.id);
          },
        },
      },
      // Every session better-auth ends (sign-out, a revoked session, the other sessions at a
      // password change or reset, an expired one) is announced to every server instance, which
      // stops trusting the copy it checked (src/server/http/session.ts) at once and ends the live
      // streams the session opened (src/server/live/live-streams.ts).
      session: {
        delete: {
          async after(session) {
            await forgetSessions(db, session.userId);
          },
        },
        // Every session begun is a sign-in (e-mail and password, sign-up, a provider's callback, a
        // confirmed e-mail's link): its access record, with the address Fastify resolved from
        // TRUST_PROXY, which routes/auth.ts hands in as x-client-ip (better-auth's own copy,
        // `ipAddress`, keeps only the /64 of an IPv6 address). Lei 12.965/2014, art. 15;
        // docs/rules/accounts-and-data.md 'Access records'.
        create: {
          async after(session, context) {
            const ip =
              context?.headers?.get(CLIENT_IP_HEADER) ?? context?.request?.headers.get(CLIENT_IP_HEADER) ?? session.ipAddress ?? '';
            await recordSignIn(db, session.userId, ip, new Date(session.createdAt));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
