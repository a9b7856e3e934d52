import { ApiError } from '../../../lib/api-client.ts';

/** The paid table's receipt as its file: the bytes and the name the server gave it. */
export interface ReceiptFile {
  readonly blob: Blob;
  readonly name: string;
}

/**
 * The paid account's bill as a PDF (decision 038). A document, not JSON, so it is fetched directly; the
 * capability goes in the body, never the URL (SEC-09).
 */
export async function fetchReceipt(uid: string): Promise<ReceiptFile> {
  let response: Response;
  try {
    response = await fetch('/world/api/bill/guest-receipt', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-locale': document.documentElement.lang || 'es',
      },
      body: JSON.stringify({ uid }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'network error');
  }
  if (!response.ok) {
    const failure = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (failure?.code && failure.message)
      throw new ApiError(response.status, failure.code as ApiError['code'], failure.message);
    throw new ApiError(response.status, 'BAD_REPLY', 'unexpected failure of guest-receipt');
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'tique.pdf';
  return { blob: await response.blob(), name };
}
