import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A small outlined button that downloads a file (a CSV, a PDF) from `href`, with its icon and text. */
export function DownloadButton({ href, icon: Icon, children }: { href: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download>
        <Icon aria-hidden className="size-4" />
        {children}
      </a>
    </Button>
  );
}
