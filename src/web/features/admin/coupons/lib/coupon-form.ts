import { z } from 'zod';
import '../../../../../shared/zod-locale';
import { couponInputSchema, type AdminCoupon, type CouponInput, type CouponInputBody } from '../../../../../shared/schemas/admin-content';
import { discountTypes, type DiscountType } from '../../../../../shared/statuses';
import { formatCentavos, parseReaisToCentavos } from '../../../../../shared/money';
import { formatEventDateShort } from '../../../../../shared/dates';
import { centavosToReaisInput } from '../../../../../shared/schemas/admin-events';

/** What the coupon form holds: text as typed (reais with a comma, whole numbers), '' for blank. */
export interface CouponFormValues {
  code: string;
  description: string;
  discountType: DiscountType;
  /** Percentage points ('10') or reais ('20,50'), by the type. */
  discountValue: string;
  /** Reais, '' for no minimum. */
  minPurchase: string;
  /** '' for no limit. */
  maxUses: string;
  /** 'yyyy-MM-dd' São Paulo days, '' for open. */
  validFrom: string;
  validUntil: string;
  /** '' for every event. */
  eventId: string;
  isActive: boolean;
  /** A pre-sale code: the hidden sector of `eventId` it unlocks; '' for none. */
  unlocksSectorId: string;
}

export const emptyCouponForm: CouponFormValues = {
  code: '',
  description: '',
  discountType: 'percentage',
  discountValue: '',
  minPurchase: '',
  maxUses: '',
  validFrom: '',
  validUntil: '',
  eventId: '',
  isActive: true,
  unlocksSectorId: '',
};

/** The edit form filled with a saved coupon. */
export function couponToFormValues(coupon: AdminCoupon): CouponFormValues {
  return {
    code: coupon.code,
    description: coupon.description ?? '',
    discountType: coupon.discountType,
    discountValue: coupon.discountType === 'percentage' ? String(coupon.discountValue) : centavosToReaisInput(coupon.discountValue),
    minPurchase: coupon.minPurchaseCentavos === null ? '' : centavosToReaisInput(coupon.minPurchaseCentavos),
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    validFrom: coupon.validFromDay ?? '',
    validUntil: coupon.validUntilDay ?? '',
    eventId: coupon.eventId ?? '',
    isActive: coupon.isActive,
    unlocksSectorId: coupon.unlocksSectorId ?? '',
  };
}

// Server field -> form field (only money changes its name: the form holds reais).
const formFieldByInputField: Record<string, keyof CouponFormValues> = { minPurchaseCentavos: 'minPurchase' };

/** The form field a server error's `details.field` belongs to, or null. */
export function couponFormFieldOf(field: unknown): keyof CouponFormValues | null {
  if (typeof field !== 'string') return null;
  if (field in formFieldByInputField) return formFieldByInputField[field];
  return field in emptyCouponForm ? (field as keyof CouponFormValues) : null;
}

/**
 * The form's schema: text becomes numbers (reais -> centavos), then the server's own
 * couponInputSchema decides, so the browser shows the server's pt-BR messages on the same fields.
 */
export const couponFormSchema = z
  .object({
    code: z.string(),
    description: z.string(),
    discountType: z.enum(discountTypes, 'Tipo de desconto é obrigatório'),
    discountValue: z.string(),
    minPurchase: z.string(),
    maxUses: z.string(),
    validFrom: z.string(),
    validUntil: z.string(),
    eventId: z.string(),
    isActive: z.boolean(),
    unlocksSectorId: z.string(),
  })
  .transform((values, ctx): CouponInput => {
    const issue = (path: keyof CouponFormValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const value = values.discountValue.trim();
    let discountValue: number | undefined;
    // A code that only unlocks a pre-sale sector may leave the discount blank: no discount.
    if (!value && values.unlocksSectorId) discountValue = 0;
    if (value) {
      if (values.discountType === 'percentage') {
        if (/^\d+$/.test(value)) discountValue = Number(value);
        else issue('discountValue', 'A porcentagem deve ser um número inteiro de 1 a 100');
      } else {
        discountValue = parseReaisToCentavos(value) ?? undefined;
        if (discountValue === undefined) issue('discountValue', 'Valor inválido');
      }
    }
    let minPurchaseCentavos: number | null = null;
    if (values.minPurchase.trim()) {
      minPurchaseCentavos = parseReaisToCentavos(values.minPurchase);
      if (minPurchaseCentavos === null) issue('minPurchase', 'Valor inválido');
    }
    let maxUses: number | null = null;
    if (values.maxUses.trim()) {
      if (/^\d+$/.test(values.maxUses.trim())) maxUses = Number(values.maxUses.trim());
      else issue('maxUses', 'O limite de usos deve ser um número inteiro');
    }
    const body: CouponInputBody = {
      code: values.code,
      description: values.description,
      discountType: values.discountType,
      discountValue: discountValue as number,
      minPurchaseCentavos,
      maxUses,
      validFrom: values.validFrom,
      validUntil: values.validUntil,
      eventId: values.eventId || null,
      isActive: values.isActive,
      unlocksSectorId: values.unlocksSectorId || null,
    };
    const parsed = couponInputSchema.safeParse(body);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const problem of parsed.error.issues) {
        const field = couponFormFieldOf(problem.path[0]);
        if (!field || seen.has(field)) continue;
        seen.add(field);
        issue(field, problem.message);
      }
      return z.NEVER;
    }
    return parsed.data;
  });

/** '10%' or 'R$ 20,00'; 'Sem desconto' for a code that only unlocks a pre-sale sector. */
export function formatDiscount(coupon: Pick<AdminCoupon, 'discountType' | 'discountValue'>): string {
  if (coupon.discountValue === 0) return 'Sem desconto';
  return coupon.discountType === 'percentage' ? `${coupon.discountValue}%` : formatCentavos(coupon.discountValue);
}

/** The validity window in São Paulo days: '01/03/2025 a 31/03/2025', 'A partir de …', 'Até …', 'Sem prazo'. */
export function formatValidity(coupon: Pick<AdminCoupon, 'validFromDay' | 'validUntilDay'>): string {
  const from = coupon.validFromDay ? formatEventDateShort(coupon.validFromDay) : null;
  const until = coupon.validUntilDay ? formatEventDateShort(coupon.validUntilDay) : null;
  if (from && until) return `${from} a ${until}`;
  if (from) return `A partir de ${from}`;
  if (until) return `Até ${until}`;
  return 'Sem prazo';
}

export type CouponState = 'active' | 'inactive' | 'scheduled' | 'expired' | 'exhausted';

/** What a buyer would find now: off, not started, over, used up, or usable. */
export function couponState(coupon: AdminCoupon, now: Date): CouponState {
  if (!coupon.isActive) return 'inactive';
  if (coupon.validUntil && Date.parse(coupon.validUntil) < now.getTime()) return 'expired';
  if (coupon.validFrom && Date.parse(coupon.validFrom) > now.getTime()) return 'scheduled';
  if (coupon.maxUses !== null && coupon.currentUses + coupon.heldUses >= coupon.maxUses) return 'exhausted';
  return 'active';
}

export const couponStateLabel: Readonly<Record<CouponState, string>> = {
  active: 'Válido',
  inactive: 'Inativo',
  scheduled: 'Agendado',
  expired: 'Expirado',
  exhausted: 'Esgotado',
};
