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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder's lock file atomically (`wx`). PGlite is one process's database: two writers would
 * corrupt it, so a second server refuses to start. A lock left by a crashed process is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const folder = path.resolve(dataDir);
  fs.mkdirSync(folder, { recursive: true });
  const lockPath = path.join(folder, 'sobremesa.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(ownerPid) && ownerPid > 0 && isAlive(ownerPid))
        throw new DataDirBusyError(folder, ownerPid);
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not take the lock on ${folder}`);
}
