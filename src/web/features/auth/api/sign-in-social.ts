import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type SocialProvider = 'google' | 'facebook' | 'apple';

/** Asks better-auth for the provider's consent page and goes there. */
export async function signInWithSocial({ provider, callbackURL }: { provider: SocialProvider; callbackURL: string }) {
  const { url } = await api<{ url?: string }>('/api/auth/sign-in/social', { body: { provider, callbackURL } });
  if (url) window.location.assign(url);
}

export function useSignInWithSocial() {
  return useMutation({ mutationFn: signInWithSocial });
}
