import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Where the e-mailed link lands (with ?token=... or ?error=INVALID_TOKEN). */
const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Asks for a password reset e-mail. The answer is the same whether or not the address has an
 * account, so nobody can learn who is registered.
 */
export function requestPasswordReset(email: string) {
  return api<unknown>('/api/auth/request-password-reset', { body: { email, redirectTo: RESET_PASSWORD_PATH } });
}

/** Sets the new password with the token of the e-mailed link; other sessions are signed out. */
export function resetPassword(input: { token: string; newPassword: string }) {
  return api<unknown>('/api/auth/reset-password', { body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
