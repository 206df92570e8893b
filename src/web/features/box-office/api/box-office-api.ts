import { ActionKey, api } from '../../../lib/api';
import type {
  BoxOfficeBlock,
  BoxOfficeEventList,
  BoxOfficeEventState,
  BoxOfficeSaleInput,
  BoxOfficeSaleResult,
  BoxOfficeSyncResult,
  CashDrawerView,
  DrawerMovementInput,
  DrawerSaleList,
  OpenDrawerInput,
  ReserveBlockInput,
} from '../../../../shared/schemas/box-office';

// The box office's calls (src/server/http/routes/box-office.ts). The screen keeps what they answer
// on the device (lib/offline-store.ts), so the calls are plain fetchers rather than cached queries.
// The money calls send an Idempotency-Key (docs/rules/idempotency.md 'The web app'): a sale's or a
// movement's nonce, or the action's key.
const keys = { open: new ActionKey(), close: new ActionKey(), confirm: new ActionKey(), refund: new ActionKey() };

export const fetchBoxOfficeEvents = () => api<BoxOfficeEventList>('/api/box-office/events');

export const fetchEventState = (eventId: string, deviceId: string) =>
  api<BoxOfficeEventState>(`/api/box-office/events/${eventId}/state?deviceId=${encodeURIComponent(deviceId)}`);

export const openDrawer = (input: OpenDrawerInput) =>
  api<CashDrawerView>('/api/box-office/drawers', { body: input, idempotencyKey: keys.open });

export const fetchDrawer = (drawerId: string) => api<CashDrawerView>(`/api/box-office/drawers/${drawerId}`);

export const recordDrawerMovement = (drawerId: string, input: DrawerMovementInput) =>
  api<CashDrawerView>(`/api/box-office/drawers/${drawerId}/movements`, { body: input, idempotencyKey: input.nonce });

export const closeDrawer = (drawerId: string, countedCentavos: number) =>
  api<CashDrawerView>(`/api/box-office/drawers/${drawerId}/close`, { body: { countedCentavos }, idempotencyKey: keys.close });

export const reserveBlock = (input: ReserveBlockInput) => api<BoxOfficeBlock>('/api/box-office/blocks', { body: input });

export const returnBlock = (blockId: string) => api<BoxOfficeBlock>(`/api/box-office/blocks/${blockId}/return`, { method: 'POST' });

export const syncSales = (sales: BoxOfficeSaleInput[]) => api<BoxOfficeSyncResult>('/api/box-office/sync', { body: { sales } });

export const sellOnline = (sale: BoxOfficeSaleInput) =>
  api<BoxOfficeSaleResult>('/api/box-office/sales', { body: sale, idempotencyKey: sale.nonce });

export const fetchSale = (orderId: string) => api<BoxOfficeSaleResult>(`/api/box-office/sales/${orderId}`);

export const confirmPix = (orderId: string, admit: boolean) =>
  api<BoxOfficeSaleResult>(`/api/box-office/sales/${orderId}/confirm-pix`, { body: { admit }, idempotencyKey: keys.confirm });

export const fetchDrawerSales = (drawerId: string) => api<DrawerSaleList>(`/api/box-office/drawers/${drawerId}/sales`);

export const refundSale = (orderId: string) =>
  api<CashDrawerView>(`/api/box-office/sales/${orderId}/refund`, { method: 'POST', idempotencyKey: keys.refund });
