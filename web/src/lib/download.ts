import { ApiError } from './api';
import { getToken } from './auth-token';

/** Fetches a file from the API with the signed-in token (a plain link cannot send it). */
export async function apiFetchBlob(path: string, headers: Record<string, string> = {}): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`/api/v1${path}`, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(response.status, body?.error?.code ?? 'HTTP_ERROR', body?.error?.message ?? response.statusText);
  }
  return response.blob();
}

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
