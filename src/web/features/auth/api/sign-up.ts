import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { SignUpInput } from '../auth-schemas';

/**
 * Creates the account and signs it in at once (the session cookie comes with the answer); better-auth
 * also e-mails a confirmation link that leads to `callbackURL`.
 */
export function signUpWithEmail(input: SignUpInput & { callbackURL: string }) {
  return api<unknown>('/api/auth/sign-up/email', { body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
