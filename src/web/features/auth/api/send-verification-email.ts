import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** E-mails the signed-in account a new confirmation link, which signs in and leads to `callbackURL`. */
export function sendVerificationEmail(input: { email: string; callbackURL: string }) {
  return api<unknown>('/api/auth/send-verification-email', { body: input });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
