import { eq } from 'drizzle-orm';
import type { Role } from '../../../shared/schemas/me';
import type { Db } from '../../db/client';
import { userRoles } from '../../db/schema';

/** Every role `userId` holds in `user_roles` (none for a plain buyer), in no particular order. */
export async function listUserRoles(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}
