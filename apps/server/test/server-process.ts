import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { databaseUrl } from './test-database.ts';
import { until } from './until.ts';

// A real server process (main.ts) on a test file's PostgreSQL database, for the fault tests
// that kill one outright (desk-undo-faults, home-faults), and requests to any listening server
// as a browser or a tablet makes them.

const mainScript = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** An answer read over HTTP: its status and its body as text. */
export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * A request to the server at `url` over HTTP (node:http, which lets the Host header be set),
 * JSON in and text out.
 */
export function httpCall(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: object,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = httpRequest(`${url}${path}`, {
      method,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Starts main.ts on database `name` (no demo) and waits until it is ready. `headers` go with
 * every request made through it (a staff member's session). Ended with SIGKILL: no graceful
 * stop, its connections, LISTEN and workers gone with it.
 */
export async function startServerProcess(name: string, headers: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(name),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  const url = `http://127.0.0.1:${port}`;
  await until(
    async () =>
      (await httpCall(url, 'GET', '/readyz').catch(() => null))?.status === 200 ? true : undefined,
    `the server process to be ready (${output})`,
    100_000, // a busy machine compiles the server slowly
  );
  return {
    url,
    get: (path: string, more: Record<string, string> = {}) =>
      httpCall(url, 'GET', path, { ...headers, ...more }),
    post: (path: string, body: object) => httpCall(url, 'POST', path, headers, body),
    put: (path: string, body: object) => httpCall(url, 'PUT', path, headers, body),
    patch: (path: string, body: object) => httpCall(url, 'PATCH', path, headers, body),
    /** SIGKILL; resolves to the signal the process ended by. */
    kill: async () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
}

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
