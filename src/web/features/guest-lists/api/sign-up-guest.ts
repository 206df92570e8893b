import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestSignedUp, GuestSignUpInput } from '../../../../shared/schemas/guest-lists';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** POST /api/guest-list-links/:token/entries: a guest puts their name on the list. */
export function signUpGuest(token: string, input: GuestSignUpInput): Promise<GuestSignedUp> {
  return api(`/api/guest-list-links/${encodeURIComponent(token)}/entries`, { method: 'POST', body: input });
}

export function useSignUpGuest(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuestSignUpInput) => signUpGuest(token, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestListKeys.link(token) }),
  });
}
