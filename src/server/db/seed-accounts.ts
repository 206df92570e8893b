import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '../../shared/schemas/me';
import type { Db } from './client';
import { accounts, profiles, userNotificationSettings, userRoles, users } from './schema';

export interface DemoAccount {
  email: string;
  password: string;
  fullName: string;
  roles: Role[];
}

const demoAccounts: Omit<DemoAccount, 'password'>[] = [
  { email: 'comprador@nextlevel.demo', fullName: 'Marina Costa Souza', roles: ['user'] },
  { email: 'admin@nextlevel.demo', fullName: 'Rafael Admin Lima', roles: ['user', 'admin'] },
  { email: 'portaria@nextlevel.demo', fullName: 'Júlia Portaria Ramos', roles: ['user', 'validator'] },
];

/** A random password people can type: 4 groups of 4 letters and digits. */
function randomPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/**
 * Creates the demo buyer, admin and door validator with random passwords (no account has a fixed
 * password), verified e-mails, profiles and roles. Returns the accounts with their passwords and
 * saves them to `<dataDir>/demo-accounts.json`; the caller prints them once.
 */
export async function seedAccounts(db: Db, dataDir: string): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];
  for (const account of demoAccounts) {
    const password = randomPassword();
    const id = randomUUID().replace(/-/g, '');
    const hash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ id, name: account.fullName, email: account.email, emailVerified: true });
      await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
      await tx.insert(profiles).values({ id, fullName: account.fullName, phone: '(47) 99999-0000' });
      await tx.insert(userRoles).values(account.roles.map((role) => ({ userId: id, role })));
      await tx.insert(userNotificationSettings).values({ userId: id });
    });
    created.push({ ...account, password });
  }
  writeFileSync(join(dataDir, 'demo-accounts.json'), JSON.stringify(created, null, 2), { mode: 0o600 });
  return created;
}
