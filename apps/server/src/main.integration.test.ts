import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const mainScript = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'servery-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('the server process', () => {
  it('starts on an empty folder with the demo shop, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        SEED_DEMO: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status, {
        timeout: 100_000, // a first start migrates and seeds a new database: slow on a busy machine
        interval: 250,
      })
      .toBe(200);
    expect(output).toContain(`Servery is running on http://localhost:${port}`);
    expect(output).toContain('seeded the demo shop into the empty database');
    expect(existsSync(join(dataDir, 'servery.lock'))).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: finishing requests in flight, then stopping');
    expect(existsSync(join(dataDir, 'servery.lock'))).toBe(false);
  }, 120_000);
});
