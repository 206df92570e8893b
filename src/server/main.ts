import { loadConfig } from './config';
import { createServer } from './server';

const config = loadConfig();
const server = await createServer({ config });
await server.app.listen({ port: config.PORT, host: config.HOST });

const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
if (server.createdAccounts.length > 0) {
  const label = { user: 'comprador', admin: 'administrador', validator: 'portaria' } as const;
  const lines = server.createdAccounts.map((a) => `  ${label[a.roles.find((r) => r !== 'user') ?? 'user']}: ${a.email}  senha: ${a.password}`);
  console.log(
    `\nContas de demonstração (mostradas só agora; guardadas em ${config.DATA_DIR}/demo-accounts.json):\n${lines.join('\n')}\n`,
  );
}
console.log(`Next Level rodando em ${url} (banco: ${server.database.driver})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
