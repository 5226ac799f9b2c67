import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Data directories this process holds, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    /** The data directory, resolved. */
    readonly dir: string,
    /** The process holding it. */
    readonly pid: number,
  ) {
    super(message);
  }
}

/**
 * Takes the embedded database's data directory for this process alone. PGlite is one
 * process's database: two processes writing the same files would corrupt it. The lock is a
 * file holding the owner's pid; a lock left by a process that no longer runs is taken over.
 * Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockFile = join(dir, 'servery.lock');
  if (heldHere.has(dir)) throw lockedError(dir, process.pid);

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(dir);
      const release = () => {
        if (!heldHere.delete(dir)) return;
        process.off('exit', release);
        try {
          unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSafe(lockFile), 10);
      if (owner && owner !== process.pid && isRunning(owner)) throw lockedError(dir, owner);
      // The owner is gone (killed, or an earlier life of this very pid): take the lock over.
      try {
        unlinkSync(lockFile);
      } catch {
        // Another process removed it first; the next attempt settles who wins.
      }
    }
  }
  throw lockedError(dir, Number.parseInt(readFileSafe(lockFile), 10) || 0);
}

function lockedError(dir: string, pid: number): DataDirLockedError {
  return new DataDirLockedError(
    `The data directory ${dir} is already in use by another Servery process (pid ${pid}).\n` +
      'The embedded database serves one process only. Stop the other process first, or give ' +
      'this one its own DATA_DIR, or set DATABASE_URL to run several processes on PostgreSQL.\n' +
      `If no Servery process is running, delete ${join(dir, 'servery.lock')} and start again.`,
    dir,
    pid,
  );
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
