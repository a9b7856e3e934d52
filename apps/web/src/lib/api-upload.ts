import type { ErrorCode } from '@sobremesa/contracts';
import { ApiError } from './api-client.ts';
import { storage } from './storage.ts';

/** A refused upload: the server's message, and the rest of its reply (a CSV's errors by row). */
export class UploadError extends ApiError {
  constructor(
    status: number,
    code: ApiError['code'],
    message: string,
    readonly reply: Record<string, unknown> = {},
  ) {
    super(status, code, message);
    this.name = 'UploadError';
  }
}

/**
 * Sends a file as the request body (an image, a CSV), signed in and in the interface's language like
 * every other call. XMLHttpRequest rather than fetch: it reports upload progress, which a phone photo
 * over a venue's Wi-Fi needs. Resolves with the JSON reply.
 */
export function uploadFile(
  path: string,
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('x-locale', document.documentElement.lang || 'es');
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    const token = storage.token.get();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.responseType = 'json';
    if (onProgress)
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
    request.onerror = () => reject(new UploadError(0, 'NETWORK', 'network error'));
    request.onload = () => {
      const reply = (request.response ?? {}) as Record<string, unknown>;
      if (request.status >= 200 && request.status < 300 && reply.result === 0) {
        resolve(reply);
        return;
      }
      const { code, message } = reply as { code?: string; message?: string };
      reject(
        code && message
          ? new UploadError(request.status, code as ErrorCode, message, reply)
          : new UploadError(request.status, 'BAD_REPLY', `unexpected failure of ${path}`),
      );
    };
    request.send(file);
  });
}
