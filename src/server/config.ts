import { z } from 'zod';
import { formatCnpj, isValidCnpj } from '../shared/cnpj';

/** An optional setting; an empty value (`STRIPE_SECRET_KEY=` in an env file) counts as absent. */
function optionalSetting<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** The demo's stand-in CNPJ (zeros): the company settings are the demo's until a real one is set. */
const DEMO_CNPJ = '00.000.000/0000-00';
/** The demo company's address, shown while COMPANY_CNPJ is the demo's. */
const DEMO_COMPANY_ADDRESS = 'Rua Exemplo, 100 - Centro, Itajaí - SC, 88301-000 (demonstração)';

/** The three Stripe keys: all set (Stripe runs) or none (the sandbox runs). */
const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Each sign-in provider's client id and secret: both set (its button shows) or neither. */
const SOCIAL_KEYS = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  ['APPLE_CLIENT_ID', 'APPLE_CLIENT_SECRET'],
] as const;

/**
 * Every setting of the server, read and validated once at start (docs/architecture.md 'Settings and secrets'). A wrong value
 * stops the server with a message naming the variable. Absent secrets are generated into the
 * data directory by `loadSecrets`.
 */
const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// / must start with postgres://')
      .optional(),
    PUBLIC_URL: z.string().url().optional(),
    SESSION_SECRET: z.string().min(32).optional(),
    TICKET_SIGNING_KEY: z.string().min(32).optional(),
    PIX_KEY: z.string().default('pagamentos@nextlevel.com.br'),
    PIX_MERCHANT_NAME: z.string().default('NEXT LEVEL EVENTOS'),
    PIX_MERCHANT_CITY: z.string().default('ITAJAI'),
    /**
     * Who sells and receives the money, as the site's footer and the PIX screen name it (Código
     * de Defesa do Consumidor art. 31 and Decreto 7.962/2013 art. 2: the seller's name and CNPJ
     * on the page). The defaults are the demo's: set the real company's before selling.
     */
    COMPANY_NAME: z.string().trim().min(2).max(120).default('Next Level Eventos (demonstração)'),
    /** Bare or masked; stored masked, '00.000.000/0000-00'. The default of zeros marks a demo. */
    COMPANY_CNPJ: z
      .string()
      .trim()
      .refine(isValidCnpj, 'CNPJ inválido (00.000.000/0000-00, dígitos verificadores) / invalid CNPJ')
      .default(DEMO_CNPJ)
      .transform(formatCnpj),
    /**
     * The seller's physical address (Decreto 7.962/2013 art. 2, II), as one line: 'Rua X, 100 -
     * Centro, Itajaí - SC, 88301-000'. Required once COMPANY_CNPJ is a real one; the demo's
     * CNPJ of zeros gets the demo's address.
     */
    COMPANY_ADDRESS: optionalSetting(
      z
        .string()
        .trim()
        .min(10, 'endereço muito curto: rua, número, bairro, cidade - UF, CEP / address too short')
        .max(300, 'endereço muito longo (até 300 caracteres) / address too long (300 characters at most)'),
    ),
    COMPANY_EMAIL: z.string().trim().email('e-mail inválido / invalid e-mail').default('contato@nextlevel.com.br'),
    ORDER_HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
    /**
     * The waiting room's proof of work (ALTCHA): the most SHA-256 steps a join costs the browser
     * (drawn between a quarter of it and it; 20,000: about 1 s of one core of a cheap phone).
     */
    WAITING_ROOM_POW_MAX: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
    /** Minutes before an event's start its door starts admitting (until the event's end). */
    DOOR_OPENS_MINUTES_BEFORE: z.coerce.number().int().min(0).max(1440).default(240),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Next Level <nao-responda@nextlevel.com.br>'),
    SUPPORT_WHATSAPP_URL: z.string().url().default('https://wa.me/5547999990000'),
    NETWORKING_GROUP_URL: z.string().url().default('https://chat.whatsapp.com/NextLevelNetworking'),
    SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Folder of the built web app (`vite build` output). */
    WEB_DIST_DIR: z.string().default('dist'),
    WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
    /**
     * docs/rules/operations.md 'Shutdown': on SIGTERM or SIGINT the server drains (GET /readyz
     * answers 503 at once), lets the requests under way finish and closes; past this many ms it
     * exits anyway, with code 1. Keep it below the orchestrator's own limit (Kubernetes'
     * terminationGracePeriodSeconds, 30 s by default).
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
    /**
     * docs/rules/operations.md 'Shutdown': ms between the start of draining and closing the
     * listening socket, for a load balancer that learns of the drain only from its next /readyz
     * probe (set it to the probe interval times the failures it needs); 0 closes at once.
     */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    /**
     * docs/rules/operations.md 'Metrics': the bearer token GET /metrics requires
     * (`Authorization: Bearer <token>`); unset, /metrics answers 404 to everyone.
     */
    METRICS_TOKEN: optionalSetting(
      z
        .string()
        .regex(/^[\x21-\x7e]{16,200}$/, 'use 16 a 200 caracteres visíveis, sem espaços / use 16 to 200 visible characters, no spaces'),
    ),
    /**
     * Which proxies' X-Forwarded-For to believe: off by default (the client address is the socket's),
     * a hop count ('1': one load balancer in front), or a comma list of proxy addresses / CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(
        /^(false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        "use 'false', um número de saltos ou uma lista de endereços / use 'false', a hop count or a list of addresses",
      )
      .default('false')
      .transform((value): boolean | number | string => (value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value)),
    /** Web Push VAPID keys (base64url); generated once into DATA_DIR when absent. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'chave pública VAPID inválida (base64url) / invalid VAPID public key')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'chave privada VAPID inválida (base64url) / invalid VAPID private key')
      .optional(),
    /** Contact the push services may reach (RFC 8292 'sub'): mailto: or https:. */
    /**
     * Origins of push services the server may call besides the browsers' own (push-endpoints.ts
     * PUSH_SERVICE_DOMAINS), comma-separated, e.g. a self-hosted push service: 'https://push.example.com'.
     */
    PUSH_TRUSTED_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
          .map((origin) => new URL(origin).origin),
      ),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:)/, 'deve começar com mailto: ou https: / must start with mailto: or https:')
      .default('mailto:contato@nextlevel.com.br'),
    /** WhatsApp Business Cloud API; without both, WhatsApp messages go to DATA_DIR/outbox. */
    WHATSAPP_TOKEN: z.string().min(20, 'token do WhatsApp muito curto / WhatsApp token too short').optional(),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{5,20}$/, 'deve ser o id numérico do número / must be the numeric phone number id')
      .optional(),
    WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
    /**
     * Stripe (docs/architecture.md 'Payments'): with all three keys the server takes real payments
     * through Stripe; with none it runs the sandbox provider. Keys from the Stripe dashboard
     * (Developers > API keys; the webhook secret from the endpoint registered for
     * `<PUBLIC_URL>/api/payments/stripe/webhook`, or from `stripe listen`).
     */
    STRIPE_SECRET_KEY: optionalSetting(
      z.string().regex(/^sk_\S+$/, 'deve começar com sk_ (chave secreta do Stripe) / must start with sk_ (Stripe secret key)'),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalSetting(
      z.string().regex(/^pk_\S+$/, 'deve começar com pk_ (chave publicável do Stripe) / must start with pk_ (Stripe publishable key)'),
    ),
    STRIPE_WEBHOOK_SECRET: optionalSetting(
      z
        .string()
        .regex(
          /^whsec_\S+$/,
          'deve começar com whsec_ (segredo de assinatura do webhook) / must start with whsec_ (webhook signing secret)',
        ),
    ),
    /** Tests only: another base URL for the Stripe API (a local double), as http(s)://host:port. */
    STRIPE_API_URL: optionalSetting(
      z
        .string()
        .regex(/^https?:\/\/[^/?#\s]+\/?$/, 'deve ser http(s)://host:porta, sem caminho / must be http(s)://host:port, without a path'),
    ),
    /**
     * Sign-in with Google, Facebook and Apple (docs/rules/accounts-and-data.md 'Sign-up and sign-in'): each provider is on
     * when both its client id and secret are set, and its button shows on /auth. The address to
     * register at each provider as the redirect URI is `<PUBLIC_URL>/api/auth/callback/<google|facebook|apple>`.
     * Google: an OAuth client of type 'Web application' (Google Cloud console > APIs & Services > Credentials).
     */
    GOOGLE_CLIENT_ID: optionalSetting(z.string().trim().min(1)),
    GOOGLE_CLIENT_SECRET: optionalSetting(z.string().trim().min(1)),
    /**
     * Google's OpenID Connect discovery document, where its sign-in, token and key addresses are
     * read at start. Only tests point it elsewhere (a local OpenID Connect server).
     */
    GOOGLE_DISCOVERY_URL: z.string().url().default('https://accounts.google.com/.well-known/openid-configuration'),
    /** Facebook Login: the app id and app secret (Meta for Developers > the app > Settings > Basic). */
    FACEBOOK_CLIENT_ID: optionalSetting(z.string().trim().min(1)),
    FACEBOOK_CLIENT_SECRET: optionalSetting(z.string().trim().min(1)),
    /**
     * Sign in with Apple: the Services ID (e.g. br.com.nextlevel.web) and the client secret, a JWT
     * signed with the Apple key (ES256, valid up to 6 months: generate a new one before it expires).
     */
    APPLE_CLIENT_ID: optionalSetting(z.string().trim().min(1)),
    APPLE_CLIENT_SECRET: optionalSetting(z.string().trim().min(1)),
    /** The iOS app's bundle id, when the app signs in with Apple natively too (optional). */
    APPLE_APP_BUNDLE_IDENTIFIER: optionalSetting(z.string().trim().min(1)),
    /**
     * Apple Wallet passes (docs/rules/tickets.md 'Wallet passes'): 'Adicionar à Apple Wallet' is
     * offered only when the pass type id, the team id, the pass certificate and its key and Apple's
     * WWDR certificate are all set. Certificates and key are PEM text or the path of a PEM file.
     */
    APPLE_PASS_TYPE_ID: optionalSetting(z.string().trim().min(1)),
    APPLE_TEAM_ID: optionalSetting(z.string().trim().min(1)),
    APPLE_PASS_CERT: optionalSetting(z.string().trim().min(1)),
    APPLE_PASS_KEY: optionalSetting(z.string().trim().min(1)),
    APPLE_PASS_KEY_PASSPHRASE: optionalSetting(z.string()),
    APPLE_WWDR_CERT: optionalSetting(z.string().trim().min(1)),
    /**
     * Google Wallet passes: the issuer id (Google Pay & Wallet Console) and the service account's
     * JSON key (its text, or the path of the file); 'Adicionar ao Google Wallet' is offered only with both.
     */
    GOOGLE_WALLET_ISSUER_ID: optionalSetting(
      z
        .string()
        .trim()
        .regex(/^\d{5,30}$/, 'deve ser o id numérico do emissor / must be the numeric issuer id'),
    ),
    GOOGLE_WALLET_SA_KEY: optionalSetting(z.string().trim().min(1)),
  })
  .superRefine((env, context) => {
    const present = STRIPE_KEYS.filter((key) => env[key] !== undefined);
    if (present.length > 0) {
      for (const key of STRIPE_KEYS) {
        if (env[key] !== undefined) continue;
        context.addIssue({
          code: 'custom',
          path: [key],
          message:
            `ausente, mas ${present.join(' e ')} ${present.length === 1 ? 'está definida' : 'estão definidas'}: defina as três chaves do Stripe ou nenhuma / ` +
            `missing while ${present.join(' and ')} ${present.length === 1 ? 'is' : 'are'} set: set all three Stripe keys or none`,
        });
      }
    }
    // A provider's id without its secret (or the reverse) would leave its button dead.
    for (const [id, secret] of SOCIAL_KEYS) {
      if ((env[id] === undefined) === (env[secret] === undefined)) continue;
      const [missing, present] = env[id] === undefined ? [id, secret] : [secret, id];
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: `ausente, mas ${present} está definida: defina as duas ou nenhuma / missing while ${present} is set: set both or neither`,
      });
    }
    // A test secret key with a live publishable key (or the reverse) fails only at the first payment.
    const mode = (key: string | undefined) => key?.match(/^[a-z]+_(test|live)_/)?.[1];
    const secretMode = mode(env.STRIPE_SECRET_KEY);
    const publishableMode = mode(env.STRIPE_PUBLISHABLE_KEY);
    if (secretMode && publishableMode && secretMode !== publishableMode) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: `é de ${publishableMode === 'test' ? 'teste' : 'produção'} e a chave secreta é de ${secretMode === 'test' ? 'teste' : 'produção'} / is a ${publishableMode} key while the secret key is a ${secretMode} key`,
      });
    }
    // Decreto 7.962/2013 art. 2, II: a real seller shows where it is, beside its name and CNPJ.
    if (env.COMPANY_ADDRESS === undefined && env.COMPANY_CNPJ !== DEMO_CNPJ) {
      context.addIssue({
        code: 'custom',
        path: ['COMPANY_ADDRESS'],
        message:
          'ausente, mas COMPANY_CNPJ está definida: informe o endereço da empresa (Decreto 7.962/2013 art. 2, II) / ' +
          "missing while COMPANY_CNPJ is set: set the company's address",
      });
    }
    // The delay before closing is spent inside the grace: a longer one would always end in the forced exit.
    if (env.SHUTDOWN_DELAY_MS >= env.SHUTDOWN_GRACE_MS) {
      context.addIssue({
        code: 'custom',
        path: ['SHUTDOWN_DELAY_MS'],
        message: `deve ser menor que SHUTDOWN_GRACE_MS (${env.SHUTDOWN_GRACE_MS}) / must be below SHUTDOWN_GRACE_MS (${env.SHUTDOWN_GRACE_MS})`,
      });
    }
  })
  .transform((env) => ({ ...env, COMPANY_ADDRESS: env.COMPANY_ADDRESS ?? DEMO_COMPANY_ADDRESS }));

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; throws an Error naming each wrong variable (pt-BR / English). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuração inválida / invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Where Stripe runs from: the three keys and, in tests, another API base URL. */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests only (STRIPE_API_URL): the SDK talks to this base URL instead of api.stripe.com. */
  apiUrl?: string;
}

/** The Stripe settings of a validated config, or null when no Stripe key is set (sandbox). */
export function stripeSettings(config: Config): StripeSettings | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PUBLISHABLE_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiUrl: config.STRIPE_API_URL,
  };
}

/** The sign-in providers a person may use besides e-mail and password. */
export type SocialProviderId = 'google' | 'facebook' | 'apple';

/** A provider's OAuth client: its id and secret, and for Google where its OpenID Connect metadata is read. */
export interface SocialProviderSettings {
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  facebook?: { clientId: string; clientSecret: string };
  apple?: { clientId: string; clientSecret: string; appBundleIdentifier?: string };
}

/** The providers whose client id and secret are both set (docs/rules/accounts-and-data.md 'Sign-up and sign-in'); the others stay off. */
export function socialProviderSettings(config: Config): SocialProviderSettings {
  const settings: SocialProviderSettings = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    settings.google = {
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      discoveryUrl: config.GOOGLE_DISCOVERY_URL,
    };
  }
  if (config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET) {
    settings.facebook = { clientId: config.FACEBOOK_CLIENT_ID, clientSecret: config.FACEBOOK_CLIENT_SECRET };
  }
  if (config.APPLE_CLIENT_ID && config.APPLE_CLIENT_SECRET) {
    settings.apple = {
      clientId: config.APPLE_CLIENT_ID,
      clientSecret: config.APPLE_CLIENT_SECRET,
      appBundleIdentifier: config.APPLE_APP_BUNDLE_IDENTIFIER,
    };
  }
  return settings;
}
