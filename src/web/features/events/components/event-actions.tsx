import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { CalendarPlus, Download, Link2, MessageCircle, Share2 } from 'lucide-react';
import { toast } from 'sonner';
import type { EventDetail } from '../../../../shared/schemas/events';
import { Button } from '../../../components/ui/button';
import { eventCalendarFileUrl } from '../api/get-event-calendar';
import { eventPageUrl, googleCalendarUrl, whatsAppShareUrl } from '../lib/share-links';
import { copyText } from '../../../lib/clipboard';

const actionButtonClass = 'h-10';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm font-medium text-fg outline-none select-none data-[highlighted]:bg-surface';

function MenuContent({ children, label }: { children: ReactNode; label: string }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        aria-label={label}
        align="start"
        sideOffset={6}
        collisionPadding={12}
        className="z-50 min-w-60 rounded-2xl border border-border bg-card p-1.5 text-fg shadow-xl"
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

/** 'Adicionar à agenda': Google Agenda, or the .ics file that Apple, Outlook and others import. */
export function AddToCalendarMenu({ event }: { event: EventDetail }) {
  const pageUrl = eventPageUrl(event.id, window.location.origin);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" className={actionButtonClass} aria-label="Adicionar à agenda">
          <CalendarPlus aria-hidden className="size-4" />
          {/* Short on phones so both actions fit one row; the name stays whole. */}
          <span className="min-[400px]:hidden">Agenda</span>
          <span className="hidden min-[400px]:inline">Adicionar à agenda</span>
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent label="Adicionar à agenda">
        <DropdownMenu.Item asChild className={itemClass}>
          <a href={googleCalendarUrl(event, pageUrl)} target="_blank" rel="noopener noreferrer">
            <CalendarPlus aria-hidden className="size-4 text-muted" />
            Google Agenda
            <span className="sr-only">(abre em nova aba)</span>
          </a>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={itemClass}>
          <a href={eventCalendarFileUrl(event.id)} download>
            <Download aria-hidden className="size-4 text-muted" />
            Apple, Outlook e outros (.ics)
          </a>
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

function canShareNatively(): boolean {
  return typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * 'Compartilhar': on phones the system share sheet (navigator.share), which lists WhatsApp and
 * the rest; elsewhere a menu with WhatsApp and 'Copiar link' ('Link copiado!').
 */
export function ShareMenu({ event }: { event: EventDetail }) {
  const pageUrl = eventPageUrl(event.id, window.location.origin);

  async function copyLink() {
    if (await copyText(pageUrl)) toast.success('Link copiado!');
    else toast.error('Não foi possível copiar o link');
  }

  async function shareNatively() {
    try {
      await navigator.share({ title: event.title, text: event.title, url: pageUrl });
    } catch (error) {
      // Closing the sheet is a choice; any other failure still leaves the person with the link.
      if ((error as Error).name !== 'AbortError') await copyLink();
    }
  }

  const trigger = (
    <>
      <Share2 aria-hidden className="size-4" />
      Compartilhar
    </>
  );
  if (canShareNatively()) {
    return (
      <Button variant="outline" size="sm" className={actionButtonClass} onClick={() => void shareNatively()}>
        {trigger}
      </Button>
    );
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" className={actionButtonClass}>
          {trigger}
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent label="Compartilhar">
        <DropdownMenu.Item asChild className={itemClass}>
          <a href={whatsAppShareUrl(event.title, pageUrl)} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden className="size-4 text-muted" />
            WhatsApp
            <span className="sr-only">(abre em nova aba)</span>
          </a>
        </DropdownMenu.Item>
        <DropdownMenu.Item className={itemClass} onSelect={() => void copyLink()}>
          <Link2 aria-hidden className="size-4 text-muted" />
          Copiar link
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
