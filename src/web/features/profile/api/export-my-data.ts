import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';

/**
 * GET /api/me/export and saves the answer as a file: the user's data as JSON (profile, roles,
 * settings, favourites, orders with tickets, refunds, notifications). Resolves to the file name.
 */
export async function downloadMyData(): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/me/export', { credentials: 'include' });
  } catch {
    throw new ApiError(0, { code: 'internal', message: 'Sem conexão. Verifique sua internet e tente novamente.' });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new ApiError(response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'meus-dados-next-level.json';
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
