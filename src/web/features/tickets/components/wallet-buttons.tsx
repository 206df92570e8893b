import { useState } from 'react';
import { Wallet } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import type { TicketView } from '../../../../shared/schemas/tickets';
import { ApiError } from '../../../lib/api';
import { appleWalletPassUrl, getGoogleWalletLink } from '../api/get-google-wallet-link';

/**
 * 'Adicionar à Apple Wallet' and 'Adicionar ao Google Wallet' of a valid ticket (docs/rules/tickets.md
 * 'Wallet passes'), each only where the server offers it (`ticket.wallet`). Apple's downloads the
 * .pkpass; Google's asks for the save link and opens it. On a rotating-QR event the Apple button
 * gives way to why it is not offered.
 */
export function WalletButtons({ ticket }: { ticket: TicketView }) {
  const [isOpening, setOpening] = useState(false);
  const wallet = ticket.wallet;
  if (!wallet || (!wallet.apple && !wallet.google && !wallet.appleUnavailableReason)) return null;

  async function openGoogle() {
    setOpening(true);
    try {
      const { saveUrl } = await getGoogleWalletLink(ticket.id);
      window.location.assign(saveUrl);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Não foi possível abrir o Google Wallet. Tente novamente.');
    } finally {
      setOpening(false);
    }
  }

  return (
    <div className="mt-3 flex w-full flex-col gap-2" data-testid="wallet-buttons">
      {wallet.apple ? (
        <Button asChild variant="outline" size="lg">
          <a href={appleWalletPassUrl(ticket.id)} download>
            <Wallet className="size-5 shrink-0" aria-hidden /> Adicionar à Apple Wallet
          </a>
        </Button>
      ) : null}
      {wallet.google ? (
        <Button variant="outline" size="lg" onClick={() => void openGoogle()} disabled={isOpening}>
          <Wallet className="size-5 shrink-0" aria-hidden /> Adicionar ao Google Wallet
        </Button>
      ) : null}
      {wallet.appleUnavailableReason ? (
        <p className="text-sm text-muted" role="note">
          {wallet.appleUnavailableReason}
        </p>
      ) : null}
    </div>
  );
}
