import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Bell, BellRing, Loader2 } from 'lucide-react';
import type { BrandSlug } from '../../../../shared/schemas/events';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { notificationSettingsQueryOptions } from '../../../lib/notification-settings/get-notification-settings';
import { useSaveNotificationSettings } from '../../../lib/notification-settings/save-notification-settings';
import { brandStyles, toggleFollowedBrand } from '../../../lib/brand';
import { brandKeys } from '../api/brands';

/**
 * 'Seguir' on a brand page (docs/rules/notifications.md 'Brand news': brand news for those who opted in):
 * following a brand turns 'Novidades das marcas' on, so each new event of the brand arrives as a
 * notification; 'Seguindo' stops following it. Signed out, it asks the person to sign in and
 * come back. The same choice is in /settings.
 */
export function FollowBrandButton({ brand }: { brand: BrandSlug }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const settings = useQuery({ ...notificationSettingsQueryOptions(), enabled: Boolean(user) });
  const save = useSaveNotificationSettings();
  const queryClient = useQueryClient();
  const name = brandStyles[brand].name;
  const current = settings.data;
  const isFollowing = Boolean(current?.brandNewsNotifications && current.followedBrands.includes(brand));

  async function toggle() {
    if (!user) {
      const here = `${location.pathname}${location.search}`;
      toast.error('Faça login para seguir marcas', {
        id: 'follow-sign-in',
        action: { label: 'Entrar', onClick: () => navigate(`/auth?redirect=${encodeURIComponent(here)}`) },
      });
      return;
    }
    if (!current) return;
    const followed = current.brandNewsNotifications ? current.followedBrands : [];
    const followedBrands = toggleFollowedBrand(followed, brand);
    try {
      await save.mutateAsync({ ...current, followedBrands, brandNewsNotifications: followedBrands.length > 0 });
      // The brand page's followers count changes with it.
      void queryClient.invalidateQueries({ queryKey: brandKeys.all });
      if (isFollowing) toast.success(`Você deixou de seguir ${name}`);
      else toast.success(`Você está seguindo ${name}`, { description: 'Avisaremos quando houver um evento novo.' });
    } catch (error) {
      toast.error('Erro ao atualizar configurações', { description: error instanceof ApiError ? error.message : undefined });
    }
  }

  const isBusy = save.isPending || (Boolean(user) && settings.isPending);
  const Icon = save.isPending ? Loader2 : isFollowing ? BellRing : Bell;
  return (
    <button
      type="button"
      aria-label={isFollowing ? `Seguindo ${name}` : `Seguir ${name}`}
      disabled={isBusy}
      onClick={() => void toggle()}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-full px-5 text-sm font-bold shadow-md transition disabled:opacity-70',
        isFollowing
          ? 'bg-white/15 text-white ring-2 ring-white ring-inset hover:bg-white/25'
          : 'bg-white text-neutral-900 hover:bg-white/90',
      )}
    >
      <Icon aria-hidden className={cn('size-4', save.isPending && 'animate-spin')} />
      {isFollowing ? 'Seguindo' : 'Seguir'}
    </button>
  );
}
