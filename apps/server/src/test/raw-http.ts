import http from 'node:http';

export interface RawReply {
  /** The status, or 0 when no answer came before the deadline (a held socket counts as a failure). */
  readonly status: number;
  readonly body: string;
}

/**
 * One HTTP request sent as written (the path is not normalised, unlike fetch's URL parsing), through a
 * real socket. Streams are read up to their headers and then dropped. `deadlineMs` bounds how long a
 * request may go unanswered: a reply that never comes is reported as status 0, not waited for.
 */
export function rawRequest(
  port: number,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    deadlineMs: number;
  },
): Promise<RawReply> {
  return new Promise((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: options.method,
      path: options.path,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      agent: false,
    });
    const deadline = setTimeout(() => {
      request.destroy();
      resolve({ status: 0, body: '' });
    }, options.deadlineMs);
    request.on('response', (response) => {
      if ((response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        clearTimeout(deadline);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: '' });
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(deadline);
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
      response.on('error', () => undefined);
    });
    request.on('error', () => {
      clearTimeout(deadline);
      resolve({ status: 0, body: '' });
    });
    request.end(options.body);
  });
}
