import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, CloudOff, RefreshCw, Wifi } from 'lucide-react';
import { formatEventDateShort, formatEventTime } from '../../../../shared/dates';
import type { BoxOfficeEvent } from '../../../../shared/schemas/box-office';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fetchBoxOfficeEvents } from '../api/box-office-api';
import { BlocksPanel } from '../components/blocks-panel';
import { DrawerPanel, OpenDrawerForm } from '../components/drawer-panel';
import { DrawerSales } from '../components/drawer-sales';
import { SaleForm } from '../components/sale-form';
import { SaleResult } from '../components/sale-result';
import { readEvents, saveEvents } from '../lib/offline-store';
import { type SaleShown, useBoxOffice } from '../lib/use-box-office';

const EVENT_KEY = 'next-level-box-office-event';
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado');

/**
 * The box office ('Bilheteria', /bilheteria): for box-office staff and admins, on a phone or a
 * tablet at the door. Pick the event, open the drawer, reserve a block, sell (network or not),
 * admit at once or show the QR codes; the sales go to the server when the network is back.
 */
export function BoxOfficePage() {
  const { isLoading, user, roles } = useSession();
  const [eventId, setEventId] = useState<string | null>(() => localStorage.getItem(EVENT_KEY));
  if (isLoading)
    return (
      <p className="p-8 text-center text-muted" role="status">
        Verificando permissões...
      </p>
    );
  if (!user) return <Navigate to={`/auth?redirect=${encodeURIComponent('/bilheteria')}`} replace />;
  if (!roles.includes('box_office') && !roles.includes('admin')) return <Navigate to="/" replace />;

  function choose(id: string | null) {
    if (id) localStorage.setItem(EVENT_KEY, id);
    else localStorage.removeItem(EVENT_KEY);
    setEventId(id);
  }

  return (
    <div className="min-h-dvh bg-bg text-fg">
      <title>Bilheteria - Next Level</title>
      <header className="sticky top-0 z-20 border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-3xl items-center gap-3 px-4 lg:max-w-5xl">
          <Link
            to="/"
            aria-label="Voltar ao início"
            className="inline-flex size-11 items-center justify-center rounded-xl hover:bg-surface"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
          <h1 className="text-xl font-bold">Bilheteria</h1>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-4 px-4 py-5 lg:max-w-5xl">
        {eventId ? <BoxOfficeScreen key={eventId} eventId={eventId} onChangeEvent={() => choose(null)} /> : <EventChoice onPick={choose} />}
      </main>
    </div>
  );
}

function EventChoice({ onPick }: { onPick: (id: string) => void }) {
  const [events, setEvents] = useState<BoxOfficeEvent[] | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    let active = true;
    fetchBoxOfficeEvents()
      .then(async ({ events: list }) => {
        await saveEvents(list);
        if (active) setEvents(list);
      })
      .catch(async (e) => {
        const kept = await readEvents();
        if (!active) return;
        setEvents(kept ?? []);
        if (!kept) setError(messageOf(e));
      });
    return () => {
      active = false;
    };
  }, []);
  if (!events) return <p role="status">Carregando eventos...</p>;
  return (
    <section aria-labelledby="escolha" className="space-y-3">
      <h2 id="escolha" className="text-lg font-bold">
        Escolha o evento
      </h2>
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      {events.length === 0 && !error ? <p className="text-muted">Nenhum evento à venda.</p> : null}
      <ul className="space-y-2">
        {events.map((e) => (
          <li key={e.id}>
            <button
              type="button"
              onClick={() => onPick(e.id)}
              className="min-h-16 w-full rounded-xl border border-border bg-card p-4 text-left hover:bg-surface"
            >
              <span className="block font-semibold">{e.title}</span>
              <span className="text-sm text-muted">
                {formatEventDateShort(e.date)} · {formatEventTime(e.startTime)} · {e.location}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BoxOfficeScreen({ eventId, onChangeEvent }: { eventId: string; onChangeEvent: () => void }) {
  const office = useBoxOffice(eventId);
  const [shown, setShown] = useState<SaleShown | null>(null);
  const { state } = office;
  const { settlePix } = office;
  const pixOrderId = shown?.pix?.orderId ?? null;
  const pixAdmit = shown?.admitted ?? false;

  const onConfirmPix = useCallback(
    async (confirm: boolean) => {
      if (!pixOrderId) return;
      try {
        const next = await settlePix(pixOrderId, pixAdmit, confirm);
        if (next.pix?.paid || next.tickets.length > 0)
          setShown({ ...next, admitted: next.admitted, pix: next.pix ? { ...next.pix, paid: true } : null });
      } catch (e) {
        if (confirm) toast.error(messageOf(e));
      }
    },
    [pixOrderId, pixAdmit, settlePix],
  );

  if (!state) return <p role="status">Carregando a bilheteria...</p>;
  const { event, drawer, blocks } = state;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold">{event.title}</p>
          <p className="text-sm text-muted">
            {formatEventDateShort(event.date)} · {formatEventTime(event.startTime)}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onChangeEvent}>
          Trocar evento
        </Button>
      </div>

      <div
        role="status"
        className={`flex flex-wrap items-center justify-between gap-2 rounded-xl p-3 text-sm ${office.isOnline ? 'bg-surface' : 'border border-danger bg-danger/10 text-fg'}`}
      >
        <span className="inline-flex items-center gap-2 font-semibold">
          {office.isOnline ? <Wifi aria-hidden className="size-4" /> : <CloudOff aria-hidden className="size-4" />}
          {office.isOnline ? 'Online' : 'Sem internet: vendendo do bloco deste aparelho'}
        </span>
        <span data-testid="pending-sales">
          {office.queue.length === 0
            ? 'Todas as vendas enviadas'
            : `${office.queue.length} ${office.queue.length === 1 ? 'venda a enviar' : 'vendas a enviar'}`}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={office.isSyncing || office.queue.length === 0}
          onClick={() => void office.sync().catch((e) => toast.error(messageOf(e)))}
        >
          <RefreshCw aria-hidden className="size-4" /> Sincronizar
        </Button>
      </div>
      {office.refused.length > 0 ? (
        <section aria-labelledby="recusadas" className="rounded-xl border border-danger p-3">
          <h2 id="recusadas" className="font-bold text-danger">
            Vendas recusadas na sincronização
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {office.refused.slice(0, 5).map((r) => (
              <li key={r.nonce}>{r.message}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {!drawer ? (
        office.isOnline ? (
          <OpenDrawerForm onOpen={office.openDrawer} />
        ) : (
          <p className="text-muted">Conecte-se para abrir o caixa.</p>
        )
      ) : shown ? (
        <SaleResult shown={shown} onConfirmPix={onConfirmPix} onDone={() => setShown(null)} />
      ) : (
        <div className="grid gap-4 md:grid-cols-[3fr_2fr]">
          <div className="space-y-4">
            <SaleForm
              blocks={blocks.filter((b) => b.block.size > b.sold)}
              meiaEntrada={event.meiaEntrada}
              courtesiesLeft={event.courtesiesLeft}
              doorOpensAt={event.doorOpensAt}
              doorClosesAt={event.doorClosesAt}
              isOnline={office.isOnline}
              onSell={async (draft) => {
                try {
                  setShown(await office.sell(draft));
                } catch (e) {
                  toast.error(messageOf(e), { id: 'box-office-sale' });
                }
              }}
            />
          </div>
          <div className="space-y-4">
            <BlocksPanel event={event} blocks={blocks} isOnline={office.isOnline} onReserve={office.reserve} onReturn={office.giveBack} />
            <DrawerPanel
              drawer={drawer}
              blocks={blocks}
              queuedCash={office.queuedCash}
              isOnline={office.isOnline}
              onWithdraw={(amount, note) => office.moveCash('withdrawal', amount, note)}
              onClose={office.close}
            />
            <DrawerSales
              drawerId={drawer.id}
              isOnline={office.isOnline}
              version={office.queue.length + office.refused.length}
              onRefunded={office.refresh}
            />
          </div>
        </div>
      )}
    </>
  );
}
