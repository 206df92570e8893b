import { desc, eq } from 'drizzle-orm';
import { formatCpf } from '../../../shared/cpf';
import { formatPhone } from '../../../shared/phone';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';

/** GET /api/orders/last-buyer: what the checkout offers to fill in (masked as typed), or nulls. */
export interface LastBuyerData {
  phone: string | null;
  cpf: string | null;
}

/**
 * The phone and CPF of the user's most recent order, so the checkout can offer them instead of
 * asking again on every purchase. Only the user's own orders are read. Never throws for none.
 */
export async function getLastBuyerData(db: Db, userId: string): Promise<LastBuyerData> {
  const [last] = await db
    .select({ phone: orders.buyerPhone, cpf: orders.buyerCpf })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return { phone: last?.phone ? formatPhone(last.phone) : null, cpf: last?.cpf ? formatCpf(last.cpf) : null };
}
