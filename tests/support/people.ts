import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { accounts, profiles, userRoles, users } from '../../src/server/db/schema';
import type { DemoAccount } from '../../src/server/db/seed-accounts';
import type { RunningApp } from './app-server';

/** expect.poll with room for a busy machine (the default gives up after 1 s). */
export function poll<T>(read: () => T | Promise<T>, timeout = 20_000) {
  return expect.poll(read, { timeout, interval: 200 });
}

/**
 * A verified buyer with no orders, made directly in the database (sign-up is the journey's
 * test): `<emailPrefix>.<random>@exemplo.com.br`, a fixed test password.
 */
export async function createBuyer(
  app: RunningApp,
  { fullName, emailPrefix }: { fullName: string; emailPrefix: string },
): Promise<{ id: string; email: string; password: string }> {
  const id = randomUUID().replace(/-/g, '');
  const email = `${emailPrefix}.${id.slice(0, 10)}@exemplo.com.br`;
  const password = 'senha-de-teste-123';
  const { db } = app.deps;
  await db.insert(users).values({ id, name: fullName, email, emailVerified: true });
  await db
    .insert(accounts)
    .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(password) });
  await db.insert(profiles).values({ id, fullName });
  await db.insert(userRoles).values({ userId: id, role: 'user' });
  return { id, email, password };
}

/** One of the three demo accounts the first start created: 'user' is the buyer (no other role). */
export function demoAccount(app: RunningApp, role: 'admin' | 'validator' | 'user'): DemoAccount {
  const found = app.createdAccounts.find((a) => (role === 'user' ? a.roles.length === 1 : a.roles.includes(role)));
  if (!found) throw new Error(`no demo ${role}`);
  return found;
}

/** Signs in through the /auth form and waits to land on `redirect` (path, and query when it has one). */
export async function signInWithForm(page: Page, email: string, password: string, redirect: string): Promise<void> {
  const target = new URL(redirect, 'http://localhost');
  await page.goto(`/auth?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).last().click();
  await page.waitForURL((url) => url.pathname === target.pathname && (!target.search || url.search === target.search), { timeout: 20_000 });
}
