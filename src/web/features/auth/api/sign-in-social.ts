import { useMutation } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/schemas/me';
import { api } from '../../../lib/api';

export type SocialProvider = PublicConfig['socialProviders'][number];

/**
 * Asks better-auth for the provider's consent page and goes there. Back from the provider, the
 * browser lands on `callbackURL` signed in (a new account too), or on `errorCallbackURL` with
 * `?error=<code>` when the sign-in failed or was cancelled.
 */
export async function signInWithSocial({
  provider,
  callbackURL,
  errorCallbackURL,
}: {
  provider: SocialProvider;
  callbackURL: string;
  errorCallbackURL: string;
}) {
  const { url } = await api<{ url?: string }>('/api/auth/sign-in/social', {
    body: { provider, callbackURL, newUserCallbackURL: callbackURL, errorCallbackURL },
  });
  if (url) window.location.assign(url);
}

export function useSignInWithSocial() {
  return useMutation({ mutationFn: signInWithSocial });
}
