import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api-client.ts';

type Call = { url: string; init: RequestInit | undefined };

function fakeFetch(status: number, body: unknown, calls: Call[] = []): typeof fetch {
  return async (input, init) => {
    calls.push({ url: String(input), init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

const staffUser = {
  id: 1,
  name: 'Lucía',
  email: 'sala@demo.test',
  welKey: 'k',
  hostCode: 'h',
  isAdmin: false,
  copilotRoles: [],
};

describe('api client', () => {
  it('posts the credentials and returns the validated login reply', async () => {
    const calls: Call[] = [];
    const sut = createApiClient({
      fetch: fakeFetch(
        200,
        { result: 0, user: { ...staffUser, token: 't0k' }, expiresAt: '2026-01-01T00:00:00Z' },
        calls,
      ),
      baseUrl: 'http://venue.test',
    });

    const reply = await sut.login('sala@demo.test', 'secret');

    expect(reply.user.token).toBe('t0k');
    expect(calls[0]?.url).toBe('http://venue.test/world/api/user/login');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      userEmail: 'sala@demo.test',
      password: 'secret',
    });
  });

  it('sends the stored token as a bearer and asks for messages in the chosen language', async () => {
    const calls: Call[] = [];
    const sut = createApiClient({
      fetch: fakeFetch(200, { result: 0, user: staffUser }, calls),
      getToken: () => 'abc',
    });

    await sut.currentUser();

    const headers = calls[0]?.init?.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer abc');
    expect(headers['x-locale']).toBe('es');
  });

  it("raises the server's code and localised message on a failure", async () => {
    const sut = createApiClient({
      fetch: fakeFetch(401, {
        result: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'El correo o la contraseña no son correctos.',
      }),
    });

    const failure = await sut.login('sala@demo.test', 'wrong').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', fromServer: true });
    expect((failure as ApiError).message).toBe('El correo o la contraseña no son correctos.');
  });

  it('refuses a reply that does not match the contract', async () => {
    const sut = createApiClient({ fetch: fakeFetch(200, { result: 0, venueConfig: { business_name: 7 } }) });

    await expect(sut.venueConfig()).rejects.toMatchObject({ code: 'BAD_REPLY', fromServer: false });
  });

  it('reports an unreachable server as a network failure', async () => {
    const sut = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });

    await expect(sut.systemConfig()).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('treats a failure body outside the contract as an unexpected reply', async () => {
    const sut = createApiClient({ fetch: fakeFetch(502, '<html>Bad gateway</html>') });

    await expect(sut.venueConfig()).rejects.toMatchObject({ status: 502, code: 'BAD_REPLY' });
  });
});
