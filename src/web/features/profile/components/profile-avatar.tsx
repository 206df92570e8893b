import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { initialsOf } from '../lib/person';

const sizes = {
  md: 'size-16 text-xl',
  lg: 'size-24 text-3xl',
} as const;

/** The person's picture, or their initials on the brand gradient when there is none (or it fails to load). */
export function ProfileAvatar({
  name,
  avatarUrl,
  size = 'lg',
  className,
}: {
  name: string;
  avatarUrl: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = avatarUrl && failedUrl !== avatarUrl;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-linear-to-br from-brand-next-level to-brand-ay-yo font-bold text-white ring-4 ring-card',
        sizes[size],
        className,
      )}
    >
      {showImage ? (
        <img src={avatarUrl} alt={`Foto de ${name}`} className="size-full object-cover" onError={() => setFailedUrl(avatarUrl)} />
      ) : (
        <span aria-hidden>{initialsOf(name)}</span>
      )}
    </span>
  );
}
