import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../config/env.ts';
import { acquireDataDirLock, DataDirBusyError } from './data-dir-lock.ts';

const folders: string[] = [];
const children: ChildProcess[] = [];

function freshDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sobremesa-lock-'));
  folders.push(folder);
  return folder;
}

/** A Node process running `script` (TypeScript, from the repository root) with DATA_DIR set. */
function run(args: string[], dataDir: string): { child: ChildProcess; output: () => string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0', PORT: '0' };
  env.HOST = '127.0.0.1';
  env.LOG_LEVEL = 'warn';
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
  return { child, output: () => output };
}

/** Resolves when the process prints `pattern`, rejects when it exits first. */
function waitFor(process: ReturnType<typeof run>, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(process.output())) resolve();
    };
    process.child.stdout!.on('data', check);
    process.child.stderr!.on('data', check);
    process.child.once('exit', (code) =>
      reject(new Error(`exited with ${code} before ${pattern}:\n${process.output()}`)),
    );
    check();
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ? -1 : code)));
}

const startServer = (dataDir: string) => run(['apps/server/src/server.ts'], dataDir);
const SERVING = /Sobremesa is serving on/;
/** A fresh embedded database's first start migrates it: slow on a loaded machine. */
const SERVER_START_BUDGET_MS = 120_000;

/**
 * A process that writes a lock naming itself with another start time — what a container restart leaves
 * when the new server gets the old one's pid — then takes the lock as the server does.
 */
function takeOverOwnPid(dataDir: string, lock: 'legacy' | 'json') {
  const script = `
    import fs from 'node:fs';
    import { acquireDataDirLock } from './apps/server/src/db/data-dir-lock.ts';
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const content = ${JSON.stringify(lock)} === 'legacy'
      ? String(process.pid)
      : JSON.stringify({ pid: process.pid, bootId: boot, startTicks: '1' });
    fs.writeFileSync(process.env.DATA_DIR + '/sobremesa.lock', content);
    acquireDataDirLock(process.env.DATA_DIR).release();
    console.log('lock taken');`;
  return run(['--input-type=module', '-e', script], dataDir);
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('data folder lock (REL-06)', () => {
  it(
    'refuses a second live server, and a server killed with -9 restarts unattended',
    async () => {
      const dataDir = freshDataDir();
      const first = startServer(dataDir);
      await waitFor(first, SERVING);

      const second = startServer(dataDir);
      expect(await exitOf(second.child)).toBe(1);
      expect(second.output()).toContain(`is in use by another Sobremesa server (process ${first.child.pid})`);

      first.child.kill('SIGKILL');
      await exitOf(first.child);
      expect(fs.existsSync(path.join(dataDir, 'sobremesa.lock'))).toBe(true);
      const restarted = startServer(dataDir);
      await waitFor(restarted, SERVING);
    },
    SERVER_START_BUDGET_MS * 2,
  );

  it(
    'takes over a lock whose pid now belongs to another live process that is not a server',
    async () => {
      const dataDir = freshDataDir();
      const other = spawn('sleep', ['60']);
      children.push(other);
      const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      fs.writeFileSync(
        path.join(dataDir, 'sobremesa.lock'),
        JSON.stringify({ pid: other.pid, bootId: boot, startTicks: '1' }),
      );
      const server = startServer(dataDir);
      await waitFor(server, SERVING);
    },
    SERVER_START_BUDGET_MS,
  );

  it('takes over a lock from before a reboot, even when its pid is alive', async () => {
    const dataDir = freshDataDir();
    fs.writeFileSync(
      path.join(dataDir, 'sobremesa.lock'),
      JSON.stringify({ pid: process.pid, bootId: 'another-boot', startTicks: '1' }),
    );
    acquireDataDirLock(dataDir).release();
    expect(fs.existsSync(path.join(dataDir, 'sobremesa.lock'))).toBe(false);
  });

  it.each(['json', 'legacy'] as const)(
    'takes over a %s lock naming the new process itself (a container restart reusing the pid)',
    async (lock) => {
      const dataDir = freshDataDir();
      const process = takeOverOwnPid(dataDir, lock);
      await waitFor(process, /lock taken/);
      expect(await exitOf(process.child)).toBe(0);
    },
    SERVER_START_BUDGET_MS,
  );

  it('refuses a second open of one folder in the same process', () => {
    const dataDir = freshDataDir();
    const held = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirBusyError);
    held.release();
    acquireDataDirLock(dataDir).release();
  });
});
