import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import {
  makeDataDir,
  removeDataDir,
  spawnServer,
  waitUntilServing,
  type ServerProcess,
} from './support/server.ts';

const dataDir = makeDataDir();
const started: ServerProcess[] = [];

function start(): ServerProcess {
  const server = spawnServer({ dataDir });
  started.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  removeDataDir(dataDir);
});

describe('server start-up on the embedded database', () => {
  it('refuses a second server on the same folder, stops cleanly on SIGTERM and keeps the data', async () => {
    const first = start();
    const url = await first.ready;
    await waitUntilServing(url);

    // Something to find again after the restart.
    const token = await signInThroughApi(url, 'admin@demo.test', DEMO_PASSWORD);
    const rename = await callWithToken(url, '/world/api/user/update-user-name', token, {
      userName: 'Dueña persistente',
    });
    expect(rename.status).toBe(200);

    // REL-06: a second server on the same folder stops by itself (it does not wait for the lock), naming the
    // folder and the owner.
    const second = start();
    const refused = await second.exited;
    expect(refused.code).not.toBe(0);
    expect(refused.code).not.toBeNull();
    expect(second.output()).toContain(path.resolve(dataDir));
    expect(second.output()).toContain(String(first.pid));
    // ...and the first one is untouched.
    expect((await fetch(`${url}/world/api/systemconfig`)).status).toBe(200);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'sobremesa.lock'), 'utf8'))).toMatchObject({
      pid: first.pid,
    });

    // SIGTERM: checkpoint, close, exit 0, folder released.
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, 'sobremesa.lock'))).toBe(false);

    // A restart on the same folder has the data: the session, the renamed user.
    const third = start();
    const restartedUrl = await third.ready;
    await waitUntilServing(restartedUrl);
    const me = await callWithToken(restartedUrl, '/world/api/user/logintoken', token);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { name: string } }).user.name).toBe('Dueña persistente');
    await signInThroughApi(restartedUrl, 'sala@demo.test', DEMO_PASSWORD);
    expect(await third.stop()).toEqual({ code: 0, signal: null });
  });
});
