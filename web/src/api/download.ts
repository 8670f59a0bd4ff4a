import { authHeaders, toApiError } from './client';

/**
 * Fetches a file from the API with the signed-in token (a plain link cannot send it), with the file name the
 * server gave in Content-Disposition — its UTF-8 `filename*` (牛台帳_20260501.xlsx) before the ASCII fallback — or
 * null when it gave none.
 */
export async function apiFetchFile(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await fetch(`/api/v1${path}`, { headers: { ...authHeaders(), ...headers } });
  if (!response.ok) throw await toApiError(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const filename = utf8 ? decodeURIComponent(utf8) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? null);
  return { blob: await response.blob(), filename };
}

/** Fetches a file from the API with the signed-in token (a plain link cannot send it). */
export const apiFetchBlob = (path: string, headers: Record<string, string> = {}): Promise<Blob> =>
  apiFetchFile(path, headers).then((file) => file.blob);

export function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
