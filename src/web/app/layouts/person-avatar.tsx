import { useState } from 'react';
import { cn } from '../../lib/cn';

/**
 * The signed-in person's round picture (profile avatarUrl) in the header and the side menu, as on
 * /profile; their initials when there is no picture or it does not load. Decorative: the link or
 * name next to it says who it is.
 */
export function PersonAvatar({ avatarUrl, initials, className }: { avatarUrl: string | null; initials: string; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPicture = Boolean(avatarUrl) && failedUrl !== avatarUrl;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex items-center justify-center overflow-hidden rounded-full bg-linear-to-br from-brand-next-level to-brand-ay-yo font-bold text-white',
        className,
      )}
    >
      {showPicture ? <img src={avatarUrl!} alt="" className="size-full object-cover" onError={() => setFailedUrl(avatarUrl)} /> : initials}
    </span>
  );
}
