import { loginResponseSchema } from '@sobremesa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, envelope, isServerError, okReply, serverMessage } from './api-client.ts';

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

const venueReply = envelope<{ venueConfig: { business_name: string } }>(
  ['venueConfig'],
  (reply) => typeof reply.venueConfig.business_name === 'string',
);

describe('api client', () => {
  it('posts a JSON body and returns the reply validated by the contract', async () => {
    const calls: Call[] = [];
    const sut = createApiClient({
      fetch: fakeFetch(
        200,
        { result: 0, user: { ...staffUser, token: 't0k' }, expiresAt: '2026-01-01T00:00:00Z' },
        calls,
      ),
      baseUrl: 'http://venue.test',
    });

    const reply = await sut.request(loginResponseSchema, '/world/api/user/login', {
      body: { userEmail: 'sala@demo.test', password: 'secret' },
    });

    expect(reply.user.token).toBe('t0k');
    expect(calls[0]?.url).toBe('http://venue.test/world/api/user/login');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      userEmail: 'sala@demo.test',
      password: 'secret',
    });
  });

  it('sends the token as a bearer and asks for messages in the current language', async () => {
    const calls: Call[] = [];
    let locale = 'es';
    const sut = createApiClient({
      fetch: fakeFetch(200, { result: 0 }, calls),
      getToken: () => 'abc',
      getLocale: () => locale,
    });

    await sut.request(okReply, '/world/api/user/checkrolecopilot');
    locale = 'eu';
    await sut.request(okReply, '/world/api/user/checkrolecopilot');

    const headers = calls.map((call) => call.init?.headers as Record<string, string>);
    expect(calls[0]?.init?.method).toBe('GET');
    expect(headers[0]?.authorization).toBe('Bearer abc');
    expect(headers.map((header) => header['x-locale'])).toEqual(['es', 'eu']);
  });

  it("raises the server's code and localised message on a failure", async () => {
    const sut = createApiClient({
      fetch: fakeFetch(401, {
        result: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'El correo o la contraseña no son correctos.',
      }),
    });

    const failure = await sut
      .request(okReply, '/world/api/user/login', { body: {} })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(isServerError(failure)).toBe(true);
    expect((failure as ApiError).message).toBe('El correo o la contraseña no son correctos.');
  });

  it('refuses a reply that fails the light envelope check', async () => {
    const sut = createApiClient({ fetch: fakeFetch(200, { result: 0, venueConfig: { business_name: 7 } }) });

    const failure = await sut
      .request(venueReply, '/world/api/venueconfig', { body: {} })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'BAD_REPLY' });
    expect(isServerError(failure)).toBe(false);
  });

  it('refuses a success reply without result 0 or without the named payload', async () => {
    const missing = createApiClient({ fetch: fakeFetch(200, { result: 0 }) });
    const notOk = createApiClient({
      fetch: fakeFetch(200, { result: 1, venueConfig: { business_name: 'x' } }),
    });

    await expect(missing.request(venueReply, '/world/api/venueconfig')).rejects.toMatchObject({
      code: 'BAD_REPLY',
    });
    await expect(notOk.request(venueReply, '/world/api/venueconfig')).rejects.toMatchObject({
      code: 'BAD_REPLY',
    });
  });

  it('reports an unreachable server as a network failure', async () => {
    const sut = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });

    await expect(sut.request(okReply, '/world/api/systemconfig')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
    });
  });

  it('treats a failure body outside the contract as an unexpected reply', async () => {
    const sut = createApiClient({ fetch: fakeFetch(502, '<html>Bad gateway</html>') });

    await expect(sut.request(okReply, '/world/api/venueconfig')).rejects.toMatchObject({
      status: 502,
      code: 'BAD_REPLY',
    });
  });
});

describe('calls sent ahead by the start-up script', () => {
  const venueCall = { path: '/world/api/venueconfig', init: { method: 'POST', body: {} } } as const;
  const venue = { result: 0, venueConfig: { business_name: 'Casa Sobremesa' } };

  it('answers the first identical request with the reply already on its way, asking once', async () => {
    const calls: Call[] = [];
    const sut = createApiClient({ fetch: fakeFetch(200, venue, calls), getToken: () => 'guest-link' });
    sut.sendEarly(venueCall);
    sut.sendEarly(venueCall);
    expect(calls).toHaveLength(1);

    const reply = await sut.request(venueReply, venueCall.path, venueCall.init);
    expect(reply.venueConfig.business_name).toBe('Casa Sobremesa');
    expect(calls).toHaveLength(1);
    // Taken once: the next request asks the server again.
    await sut.request(venueReply, venueCall.path, venueCall.init);
    expect(calls).toHaveLength(2);
  });

  it('does not answer a request that differs in body, token or language', async () => {
    const calls: Call[] = [];
    let token = 'guest-link';
    let locale = 'es';
    const sut = createApiClient({
      fetch: fakeFetch(200, venue, calls),
      getToken: () => token,
      getLocale: () => locale,
    });
    sut.sendEarly(venueCall);
    await sut.request(venueReply, venueCall.path, { method: 'POST', body: { other: 1 } });
    token = 'another-link';
    await sut.request(venueReply, venueCall.path, venueCall.init);
    token = 'guest-link';
    locale = 'en';
    await sut.request(venueReply, venueCall.path, venueCall.init);
    expect(calls).toHaveLength(4);
  });

  it('reads a reply sent ahead as soon as it arrives, so one the app never takes does not stay open', async () => {
    const replies: Response[] = [];
    const sut = createApiClient({
      fetch: async (...call) => {
        const reply = await fakeFetch(200, venue)(...call);
        replies.push(reply);
        return reply;
      },
    });
    sut.sendEarly(venueCall);
    await vi.waitFor(() => expect(replies[0]?.bodyUsed).toBe(true));
    // Still the reply, whole, for the request that takes it.
    const reply = await sut.request(venueReply, venueCall.path, venueCall.init);
    expect(reply.venueConfig.business_name).toBe('Casa Sobremesa');
    expect(replies).toHaveLength(1);
  });

  it('reports a call sent ahead that failed as a network failure of the request that takes it', async () => {
    let attempts = 0;
    const sut = createApiClient({
      fetch: async () => {
        attempts += 1;
        throw new TypeError('Failed to fetch');
      },
    });
    sut.sendEarly(venueCall);
    await expect(sut.request(venueReply, venueCall.path, venueCall.init)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
    });
    expect(attempts).toBe(1);
  });
});

describe('what a screen says of a failed call', () => {
  it("is the server's own words when it sent some", () => {
    const refused = new ApiError(409, 'CONFLICT', 'La mesa ya está ocupada');
    expect(serverMessage(refused, 'Sin conexión')).toBe('La mesa ya está ocupada');
  });

  it('is the screen’s fallback for a lost connection, a bad reply or anything else thrown', () => {
    expect(serverMessage(new ApiError(0, 'NETWORK', 'Failed to fetch'), 'Sin conexión')).toBe('Sin conexión');
    expect(serverMessage(new ApiError(200, 'BAD_REPLY', 'bad'), 'Sin conexión')).toBe('Sin conexión');
    expect(serverMessage(new TypeError('boom'), 'Sin conexión')).toBe('Sin conexión');
  });
});
