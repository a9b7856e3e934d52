import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Held while this process owns the embedded database folder. */
export interface DataDirLock {
  release(): void;
}

/** Thrown when another live process owns the folder (REL-06). */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Sobremesa server (process ${ownerPid}). ` +
        `Stop that process, or start this one with another DATA_DIR or with DATABASE_URL.`,
    );
    this.name = 'DataDirBusyError';
  }
}

/**
 * Who wrote a lock file. A process id alone is not an identity: after a container restart the new
 * server often gets the old one's id, and any other process may get it later. The process's start time
 * (clock ticks since boot, from /proc) and the kernel's boot id make it one; where /proc is missing
 * (macOS development) only the pid is known.
 */
interface LockOwner {
  readonly pid: number;
  readonly bootId?: string;
  readonly startTicks?: string;
}

const LOCK_FILE = 'sobremesa.lock';

/** Folders this process holds, so opening one twice in one process is refused too. */
const heldFolders = new Set<string>();

function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function currentBootId(): string | undefined {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim();
}

/** Field 22 of /proc/<pid>/stat; the command name before it may hold spaces and parentheses. */
function processStartTicks(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function thisProcess(): LockOwner {
  return { pid: process.pid, bootId: currentBootId(), startTicks: processStartTicks(process.pid) };
}

/** The owner written in a lock file: JSON, or a bare pid as servers before REL-06's fix wrote it. */
function parseOwner(text: string): LockOwner | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'number')
      return Number.isInteger(parsed) && parsed > 0 ? { pid: parsed } : undefined;
    const owner = parsed as Partial<LockOwner> | null;
    if (!owner || !Number.isInteger(owner.pid) || (owner.pid ?? 0) <= 0) return undefined;
    return {
      pid: owner.pid!,
      bootId: typeof owner.bootId === 'string' ? owner.bootId : undefined,
      startTicks: typeof owner.startTicks === 'string' ? owner.startTicks : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote the lock still runs: same boot, same pid, same start time. */
function ownerIsAlive(owner: LockOwner): boolean {
  const bootId = currentBootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return false;
  if (!pidIsAlive(owner.pid)) return false;
  const startTicks = processStartTicks(owner.pid);
  if (owner.startTicks && startTicks) return owner.startTicks === startTicks;
  // Nothing to compare with: the pid decides, except our own, which this process has not locked
  // (`heldFolders` says so), so it is a dead server's id handed to us.
  return owner.pid !== process.pid;
}

/**
 * Creates the lock file with its content in one step (a hard link of a written temporary file), so no
 * other process ever reads an empty lock. False when a lock file already exists.
 */
function createLockFile(lockPath: string, content: string): boolean {
  const temporary = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, content, { flag: 'wx' });
  try {
    fs.linkSync(temporary, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.unlinkSync(temporary);
  }
}

/**
 * Removes a lock judged stale, without removing a lock another starting server took meanwhile: the
 * file is renamed aside (atomic), and if what was moved is not the stale lock that was read, it is put
 * back.
 */
function removeStaleLock(lockPath: string, staleContent: string): void {
  const aside = `${lockPath}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== staleContent) fs.linkSync(aside, lockPath);
  } catch (error) {
    // EEXIST: yet another server holds the path now; it keeps it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.unlinkSync(aside);
  }
}

function readLock(lockPath: string): string | undefined {
  try {
    return fs.readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes the folder's lock (REL-06). PGlite is one process's database: two writers would corrupt it, so
 * a second live server refuses to start. A lock whose writer is gone — killed, crashed, or from before
 * a container or machine restart even when its pid now belongs to another process or to this one — is
 * taken over, so a crashed server restarts unattended.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const folder = path.resolve(dataDir);
  if (heldFolders.has(folder)) throw new DataDirBusyError(folder, process.pid);
  fs.mkdirSync(folder, { recursive: true });
  const lockPath = path.join(folder, LOCK_FILE);
  const content = JSON.stringify(thisProcess());
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (createLockFile(lockPath, content)) {
      heldFolders.add(folder);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldFolders.delete(folder);
          if (readLock(lockPath) === content) fs.unlinkSync(lockPath);
        },
      };
    }
    const existing = readLock(lockPath);
    if (existing === undefined) continue;
    const owner = parseOwner(existing);
    if (owner && ownerIsAlive(owner)) throw new DataDirBusyError(folder, owner.pid);
    removeStaleLock(lockPath, existing);
  }
  throw new Error(`Could not take the lock on ${folder}`);
}
