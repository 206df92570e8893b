import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';

/** The round 'Fechar menu' button in the header of a side menu (a Radix dialog): closes it. */
export function MenuCloseButton() {
  return (
    <Dialog.Close asChild>
      <button
        type="button"
        aria-label="Fechar menu"
        className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface"
      >
        <X aria-hidden className="size-5" />
      </button>
    </Dialog.Close>
  );
}
