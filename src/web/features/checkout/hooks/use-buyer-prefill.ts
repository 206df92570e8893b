import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useSession } from '../../../lib/session';
import { formatPhone } from '../../../../shared/phone';
import { useLastBuyer } from '../api/get-last-buyer';
import type { CheckoutFormValues } from '../lib/checkout-form';

/**
 * Prefills the buyer while the dialog is open: the CPF given to the event's waiting room
 * (`roomCpf`, formatted '000.000.000-00': the turn is bought with it), else the CPF (and phone)
 * the buyer used last time, so they are not asked again on every purchase, and the signed-in
 * account's name, e-mail and phone. Never overwrites what was typed.
 */
export function useBuyerPrefill(
  open: boolean,
  form: Pick<UseFormReturn<CheckoutFormValues>, 'getValues' | 'setValue'>,
  roomCpf: string | null = null,
) {
  const { user, profile } = useSession();
  const { data: lastBuyer } = useLastBuyer(open && Boolean(user));
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!open) return;
    const buyer = getValues('buyer');
    if (!buyer.cpf && roomCpf) setValue('buyer.cpf', roomCpf);
    else if (!buyer.cpf && lastBuyer?.cpf) setValue('buyer.cpf', lastBuyer.cpf);
    if (!buyer.phone && !profile?.phone && lastBuyer?.phone) setValue('buyer.phone', lastBuyer.phone);
    if (!buyer.email && user?.email) setValue('buyer.email', user.email);
    const name = profile?.fullName && !profile.fullName.includes('@') ? profile.fullName : user?.name;
    if (!buyer.name && name && !name.includes('@')) setValue('buyer.name', name);
    if (!buyer.phone && profile?.phone) setValue('buyer.phone', formatPhone(profile.phone));
  }, [open, user, profile, lastBuyer, roomCpf, getValues, setValue]);
}
