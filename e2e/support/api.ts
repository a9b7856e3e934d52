import { randomUUID } from 'node:crypto';

/** Direct API calls a spec makes as "another session" next to the browser. */

export async function signInThroughApi(url: string, userEmail: string, password: string): Promise<string> {
  const response = await fetch(`${url}/world/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in of ${userEmail} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { token: string } };
  return body.user.token;
}

/** A call as another staff tablet makes it: a POST carries a fresh Idempotency-Key, as the web app's do. */
export function callWithToken(url: string, path: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export const DEMO_PASSWORD = 'sobremesa-demo';
