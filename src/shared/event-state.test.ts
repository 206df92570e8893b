import { describe, expect, it } from 'vitest';
import { adminEventState, adminEventStateLabel } from './event-state';

describe('adminEventState', () => {
  it('puts an event in one state: cancelled first, then draft, then ended or published', () => {
    const at = '2026-11-20T12:00:00.000Z';
    expect(adminEventState({ status: 'active', isPublished: true, cancelledAt: null })).toBe('published');
    expect(adminEventState({ status: 'finished', isPublished: true, cancelledAt: null })).toBe('past');
    expect(adminEventState({ status: 'active', isPublished: false, cancelledAt: null })).toBe('draft');
    expect(adminEventState({ status: 'finished', isPublished: false, cancelledAt: null })).toBe('draft');
    expect(adminEventState({ status: 'active', isPublished: true, cancelledAt: at })).toBe('cancelled');
    expect(adminEventState({ status: 'finished', isPublished: false, cancelledAt: at })).toBe('cancelled');
  });

  it('names each state with one pt-BR word', () => {
    expect(adminEventStateLabel).toEqual({ published: 'Publicado', draft: 'Rascunho', past: 'Encerrado', cancelled: 'Cancelado' });
  });
});
