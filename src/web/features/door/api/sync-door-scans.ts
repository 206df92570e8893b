import type { DoorSyncInput, DoorSyncResult } from '../../../../shared/schemas/tickets';
import { api } from '../../../lib/api';

/** POST /api/door/sync: the decisions taken offline; each nonce is recorded once however often sent. */
export function syncDoorScans(input: DoorSyncInput, signal?: AbortSignal): Promise<DoorSyncResult> {
  return api<DoorSyncResult>('/api/door/sync', { method: 'POST', body: input, signal });
}
