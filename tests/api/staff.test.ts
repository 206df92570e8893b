import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staffInvitations, userRoles, users } from '../../src/server/db/schema';
import { INVITATION_VALID_DAYS } from '../../src/server/services/staff/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: object) {
  return server.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}
const roleRows = async (userId: string) =>
  (await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role).sort();

describe('the team in the back office', () => {
  it('gives the validator role by e-mail to an existing account, which then may use the door, and takes it back', async () => {
    const admin = await server.signUpAs(['admin']);
    const person = await server.signUpAs();
    expect((await call('GET', '/api/check-ins/events', person.cookie)).statusCode).toBe(403);
    const granted = await call('POST', '/api/admin/staff', admin.cookie, { email: ` ${person.email.toUpperCase()} `, role: 'validator' });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toEqual({ invited: false });
    expect(await roleRows(person.userId)).toEqual(['user', 'validator']);
    const listed = (await call('GET', '/api/admin/staff', admin.cookie)).json().members;
    expect(listed.find((m: { email: string }) => m.email === person.email)).toMatchObject({ roles: ['validator'], invited: false });

    expect((await call('DELETE', `/api/admin/staff/${person.userId}/roles/validator`, admin.cookie)).statusCode).toBe(204);
    expect(await roleRows(person.userId)).toEqual(['user']);
  });

  it('lists, gives and takes back the box-office and promoter roles, and invites each with the words of its work', async () => {
    const admin = await server.signUpAs(['admin']);
    const person = await server.signUpAs();
    for (const role of ['box_office', 'promoter'] as const) {
      expect((await call('POST', '/api/admin/staff', admin.cookie, { email: person.email, role })).statusCode).toBe(201);
    }
    const listed = (await call('GET', '/api/admin/staff', admin.cookie)).json().members;
    expect(listed.find((m: { email: string }) => m.email === person.email)).toMatchObject({ roles: ['box_office', 'promoter'] });
    expect((await call('DELETE', `/api/admin/staff/${person.userId}/roles/box_office`, admin.cookie)).statusCode).toBe(204);
    expect(await roleRows(person.userId)).toEqual(['promoter', 'user']);

    const words = {
      validator: 'validar ingressos na portaria',
      box_office: 'vender ingressos na bilheteria',
      promoter: 'montar listas amigas',
    };
    for (const [role, what] of Object.entries(words)) {
      const email = `convite-${role}-${randomUUID().slice(0, 6)}@exemplo.com.br`;
      expect((await call('POST', '/api/admin/staff', admin.cookie, { email, role })).json()).toEqual({ invited: true });
      expect(server.sentMail.find((m) => m.to === email)?.text).toContain(what);
    }
  });

  it('invites an e-mail without an account, and the role comes once the sign-up confirms that address', async () => {
    const admin = await server.signUpAs(['admin']);
    const email = `porteiro-${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const invited = await call('POST', '/api/admin/staff', admin.cookie, { email, role: 'validator' });
    expect(invited.json()).toEqual({ invited: true });
    const mail = server.sentMail.find((m) => m.to === email);
    expect(mail?.subject).toBe('Convite para a equipe - Next Level');
    expect(mail?.link).toContain('/auth?cadastro=1');

    const signUp = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: server.origin, 'content-type': 'application/json' },
      payload: { email, password: 'senha-forte-123', name: 'Porteiro Novo', acceptTerms: true },
    });
    expect(signUp.statusCode).toBe(200);
    const userId = signUp.json().user.id as string;
    const rolesOf = async () =>
      (await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role).sort();
    // Typing an invited address is not owning it: nothing until the link sent to it is opened.
    expect(await rolesOf()).toEqual(['user']);
    const confirmation = server.sentMail.find((m) => m.to === email && m.subject === 'Confirme seu e-mail - Next Level');
    const verified = await server.app.inject({
      method: 'GET',
      url: new URL(confirmation!.link!).pathname + new URL(confirmation!.link!).search,
    });
    expect(verified.statusCode).toBeLessThan(400);
    expect(await rolesOf()).toEqual(['user', 'validator']);
    const members = (await call('GET', '/api/admin/staff', admin.cookie)).json().members as { email: string; invited: boolean }[];
    expect(members.filter((m) => m.email === email)).toEqual([expect.objectContaining({ invited: false })]);
  });

  it('lets an invitation lapse after its days: confirming the address later gives no role', async () => {
    const admin = await server.signUpAs(['admin']);
    const email = `atrasado-${randomUUID().slice(0, 6)}@exemplo.com.br`;
    expect((await call('POST', '/api/admin/staff', admin.cookie, { email, role: 'admin' })).json()).toEqual({ invited: true });
    await server.deps.db
      .update(staffInvitations)
      .set({ createdAt: new Date(Date.now() - (INVITATION_VALID_DAYS + 1) * 86_400_000) })
      .where(eq(staffInvitations.email, email));
    const signUp = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: server.origin, 'content-type': 'application/json' },
      payload: { email, password: 'senha-forte-123', name: 'Convidado Atrasado', acceptTerms: true },
    });
    const userId = signUp.json().user.id as string;
    const confirmation = server.sentMail.find((m) => m.to === email && m.subject === 'Confirme seu e-mail - Next Level');
    await server.app.inject({ method: 'GET', url: new URL(confirmation!.link!).pathname + new URL(confirmation!.link!).search });
    expect((await server.deps.db.select().from(users).where(eq(users.id, userId)))[0].emailVerified).toBe(true);
    expect((await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role)).toEqual(['user']);
    expect(await server.deps.db.select().from(staffInvitations).where(eq(staffInvitations.email, email))).toEqual([]);
  });

  it('never removes the last admin, even when two admins remove each other at once', async () => {
    await server.deps.db.delete(userRoles).where(eq(userRoles.role, 'admin'));
    const a = await server.signUpAs(['admin']);
    const b = await server.signUpAs(['admin']);
    const [first, second] = await Promise.all([
      call('DELETE', `/api/admin/staff/${b.userId}/roles/admin`, a.cookie),
      call('DELETE', `/api/admin/staff/${a.userId}/roles/admin`, b.cookie),
    ]);
    // One wins; the other is either no longer an admin (403) or meets the last-admin rule (409).
    expect([first.statusCode, second.statusCode].filter((s) => s === 204)).toHaveLength(1);
    expect([first.statusCode, second.statusCode].filter((s) => s === 403 || s === 409)).toHaveLength(1);
    const [survivor] = await server.deps.db.select().from(userRoles).where(eq(userRoles.role, 'admin'));
    const last = survivor.userId === a.userId ? a : b;
    const refused = await call('DELETE', `/api/admin/staff/${last.userId}/roles/admin`, last.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'last_admin', message: 'Não é possível remover o último administrador.' });
    const admins = await server.deps.db.select().from(userRoles).where(eq(userRoles.role, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('refuses every staff route to a buyer and to a door account, and bad input with a pt-BR message', async () => {
    const buyer = await server.signUpAs();
    const door = await server.signUpAs(['validator']);
    const admin = await server.signUpAs(['admin']);
    for (const cookie of [buyer.cookie, door.cookie]) {
      expect((await call('GET', '/api/admin/staff', cookie)).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/staff', cookie, { email: buyer.email, role: 'admin' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/admin/staff/${admin.userId}/roles/admin`, cookie)).statusCode).toBe(403);
    }
    expect(await roleRows(buyer.userId)).toEqual(['user']);
    const bad = await call('POST', '/api/admin/staff', admin.cookie, { email: 'não é e-mail', role: 'validator' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('E-mail inválido');
    expect((await call('POST', '/api/admin/staff', admin.cookie, { email: buyer.email, role: 'user' })).statusCode).toBe(400);
  });
});
