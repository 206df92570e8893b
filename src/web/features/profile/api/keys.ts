/** Query keys of the profile feature; saving the profile invalidates ['profile'] (and ['me']). */
export const profileKeys = {
  all: ['profile'] as const,
  mine: () => ['profile', 'mine'] as const,
  stats: () => ['profile', 'stats'] as const,
};
