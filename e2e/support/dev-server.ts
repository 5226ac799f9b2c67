import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

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
 * The web app as `npm run dev` serves it: Vite's development server (React's development build,
 * StrictMode's double effects) in front of an already started API on `apiPort`.
 */
export async function startViteDevServer(apiPort: number) {
  const port = await freePort();
  const output: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'apps/web',
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        API_PORT: String(apiPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Vite exited:\n${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`Vite did not start:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
