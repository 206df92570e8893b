import { z } from 'zod';

/**
 * Every setting of the server, read and validated once at start (ARCHITECTURE.md). A wrong value
 * stops the server with a message naming the variable. Absent secrets are generated into the
 * data directory by `loadSecrets`.
 */
const configSchema = z.object({
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
  ORDER_HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Next Level <nao-responda@nextlevel.com.br>'),
  SUPPORT_WHATSAPP_URL: z.string().url().default('https://wa.me/5547999990000'),
  NETWORKING_GROUP_URL: z.string().url().default('https://chat.whatsapp.com/NextLevelNetworking'),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app (`vite build` output). */
  WEB_DIST_DIR: z.string().default('dist'),
  WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
});

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; throws an Error naming each wrong variable (pt-BR / English). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Configuração inválida / invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
