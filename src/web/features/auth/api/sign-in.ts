import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { SignInInput } from '../auth-schemas';

export function signInWithEmail(input: SignInInput & { callbackURL: string }) {
  return api<unknown>('/api/auth/sign-in/email', { body: input });
}

export function useSignIn() {
  return useMutation({ mutationFn: signInWithEmail });
}
