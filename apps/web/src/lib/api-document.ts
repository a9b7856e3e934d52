import { ApiError } from './api-client.ts';
import { storage } from './storage.ts';

/**
 * A document the server makes (a PDF, an XML export) as a blob: the JSON client does not read documents.
 * Signed in and in the interface's language like every other call; a refusal keeps the server's message.
 */
export async function fetchDocument(path: string, body?: Record<string, unknown>): Promise<Blob> {
  const token = storage.token.get();
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-locale': document.documentElement.lang || 'es',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'network error');
  }
  if (!response.ok) {
    const failure = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (failure?.code && failure.message)
      throw new ApiError(response.status, failure.code as ApiError['code'], failure.message);
    throw new ApiError(response.status, 'BAD_REPLY', `unexpected failure of ${path}`);
  }
  return response.blob();
}

/** How long a handed-over blob is kept: revoking right after the click can cancel the download in Chromium. */
const BLOB_LIFETIME_MS = 60_000;

/** Hands a blob to the browser as a download with its file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Freed a while later: the tablet keeps no document in memory.
    setTimeout(() => URL.revokeObjectURL(url), BLOB_LIFETIME_MS);
  }
}
