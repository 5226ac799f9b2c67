import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const serverEntry = join(root, 'apps/server/dist/main.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * The built server on `dataDir`, started as a person starts it, and waited for until ready. Its
 * output is kept in `output`, or written to `logFile` (for a server other processes read).
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  readyWithinMs = 60_000,
  logFile?: string,
) {
  const port = await freePort();
  const output: string[] = [];
  const log = logFile ? openSync(logFile, 'a') : undefined;
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', log ?? 'pipe', log ?? 'pipe'],
  });
  if (log === undefined) {
    child.stdout!.on('data', (chunk) => output.push(String(chunk)));
    child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  } else {
    closeSync(log);
  }
  const shown = () => (logFile ? readFileSync(logFile, 'utf8') : output.join(''));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${shown()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${shown()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  return { url, port, output, stop };
}
