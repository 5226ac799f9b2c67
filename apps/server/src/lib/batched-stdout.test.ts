import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { batchedStdout } from './batched-stdout.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the log destination', () => {
  const dir = mkdtempSync(join(tmpdir(), 'servery-log-'));
  const file = join(dir, 'log');
  let fd = -1;
  afterEach(() => closeSync(fd));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the lines of one turn together, in order, at the end of the turn', async () => {
    fd = openSync(file, 'w');
    const log = batchedStdout(fd);
    log.write('one\n');
    log.write('two\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    await turn();
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\n');
    log.write('three\n');
    log.flush();
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\nthree\n');
  });

  it('does not hold more than 64 KB', () => {
    fd = openSync(file, 'w');
    const log = batchedStdout(fd);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 64; i++) log.write(line);
    expect(readFileSync(file, 'utf8')).toBe(line.repeat(64));
  });
});
