import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { AdminDashboard } from '../../../../../shared/schemas/admin-dashboard';
import { RecentEvents } from './recent-events';

type RecentEvent = AdminDashboard['recentEvents'][number];

function recent(id: string, overrides: Partial<RecentEvent>): RecentEvent {
  return {
    id,
    title: `Evento ${id}`,
    date: '2026-12-20',
    startTime: '22:00:00',
    location: 'Arena',
    status: 'active',
    state: 'published',
    ticketsSold: 10,
    ticketsOffered: 100,
    isSoldOut: false,
    ...overrides,
  };
}

describe('RecentEvents', () => {
  it("names each event's state with the events list's words, never 'Ativo' or 'Finalizado'", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <RecentEvents
          events={[
            recent('a', { state: 'published' }),
            recent('b', { state: 'draft' }),
            recent('c', { status: 'finished', state: 'past' }),
            recent('d', { state: 'cancelled' }),
          ]}
        />
      </MemoryRouter>,
    );
    const words = [...html.matchAll(/>(Publicado|Rascunho|Encerrado|Cancelado|Ativo|Finalizado)</g)].map((m) => m[1]);
    expect(words).toEqual(['Publicado', 'Rascunho', 'Encerrado', 'Cancelado']);
  });
});
