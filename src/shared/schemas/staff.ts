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

/** Body of POST /api/admin/staff: give a role to an e-mail (an invitation when no account has it). */
export const grantStaffRoleSchema = z.object({
  email: text().trim().toLowerCase().min(1, 'Informe o e-mail').max(254).pipe(z.email('E-mail inválido')),
  role: z.enum(staffRoles, 'Escolha o papel'),
});
export type GrantStaffRoleInput = z.infer<typeof grantStaffRoleSchema>;

/** One person of the team: an account with staff roles, or an invitation waiting for sign-up. */
export interface StaffMember {
  /** Null for an invitation. */
  userId: string | null;
  email: string;
  name: string | null;
  roles: StaffRole[];
  /** True while the e-mail has no account: the role is given when it signs up. */
  invited: boolean;
}

/** GET /api/admin/staff */
export interface StaffList {
  members: StaffMember[];
}
