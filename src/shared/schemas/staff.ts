import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import type { Role } from '../statuses';

/** The roles the back office gives and removes ('Equipe'). */
export const staffRoles = ['admin', 'validator', 'box_office', 'promoter'] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];

/** pt-BR names of the staff roles. */
export const staffRoleLabel: Readonly<Record<StaffRole, string>> = {
  admin: 'Administrador',
  validator: 'Portaria',
  box_office: 'Bilheteria',
  promoter: 'Promoter',
};

/** The work of each role, as the invitation and the removal say it ('… para vender ingressos na bilheteria'). */
export const staffRoleWork: Readonly<Record<StaffRole, string>> = {
  admin: 'administrar os eventos',
  validator: 'validar ingressos na portaria',
  box_office: 'vender ingressos na bilheteria',
  promoter: 'montar listas amigas como promoter',
};

/** Body of POST /api/admin/staff: give a role to an e-mail (an invitation when no account has it). */
export const grantStaffRoleSchema = z.object({
  email: text().trim().toLowerCase().min(1, 'Informe o e-mail').max(254).pipe(z.email('E-mail inválido')),
  role: z.enum(staffRoles, 'Escolha o papel'),
});
export type GrantStaffRoleInput = z.infer<typeof grantStaffRoleSchema>;

/** One person of the team: an account with staff roles, or an invitation waiting for sign-up. */
export const staffMemberSchema = z.object({
  /** Null for an invitation. */
  userId: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  roles: z.array(z.enum(staffRoles)),
  /** True while the e-mail has no account: the role is given when it signs up. */
  invited: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** GET /api/admin/staff */
export const staffListSchema = z.object({ members: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** Answer of POST /api/admin/staff: whether the e-mail has no account yet (an invitation). */
export const staffGrantedSchema = z.object({ invited: z.boolean() });
export type StaffGranted = z.infer<typeof staffGrantedSchema>;
