import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetEventChoice, keepEventChoice, readEventChoice } from './event-choice';
import { memoryStorage } from '../../../tests/support/memory-storage';

let session: Storage;
beforeEach(() => {
  session = memoryStorage();
  vi.stubGlobal('window', { sessionStorage: session });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the choice kept on the event page', () => {
  it('merges the quantities, the code and the CPF of one event, apart from other events', () => {
    keepEventChoice('evento-1', { selection: [{ sectorId: 'pista', fullQuantity: 2, meiaQuantity: 1 }] });
    keepEventChoice('evento-1', { accessCode: 'FA-CLUBE' });
    keepEventChoice('evento-1', { cpf: '529.982.247-25' });
    expect(readEventChoice('evento-1')).toEqual({
      selection: [{ sectorId: 'pista', fullQuantity: 2, meiaQuantity: 1 }],
      accessCode: 'FA-CLUBE',
      cpf: '529.982.247-25',
    });
    expect(readEventChoice('evento-2')).toBeNull();
  });

  it('keeps only sectors with units, drops an empty choice and forgets it once the order is placed', () => {
    keepEventChoice('evento-1', {
      selection: [
        { sectorId: 'pista', fullQuantity: 0, meiaQuantity: 0 },
        { sectorId: 'vip', fullQuantity: 1, meiaQuantity: 0 },
      ],
    });
    expect(readEventChoice('evento-1')?.selection).toEqual([{ sectorId: 'vip', fullQuantity: 1, meiaQuantity: 0 }]);
    keepEventChoice('evento-1', { selection: [] });
    expect(session.length).toBe(0);
    keepEventChoice('evento-1', { accessCode: 'FA-CLUBE' });
    forgetEventChoice('evento-1');
    expect(readEventChoice('evento-1')).toBeNull();
  });

  it('reads nothing from a broken or foreign record, and nothing is kept when storage is blocked', () => {
    session.setItem('nl.event-choice:evento-1', '{não é json');
    expect(readEventChoice('evento-1')).toBeNull();
    session.setItem('nl.event-choice:evento-1', JSON.stringify({ selection: [{ sectorId: '', fullQuantity: -1 }] }));
    expect(readEventChoice('evento-1')).toBeNull();
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new Error('blocked');
      },
    });
    expect(() => keepEventChoice('evento-1', { cpf: '529.982.247-25' })).not.toThrow();
    expect(readEventChoice('evento-1')).toBeNull();
  });
});
