import { writeSync } from 'node:fs';

/** Past this many characters the lines go out at once rather than at the end of the turn. */
const MAX_PENDING = 64 * 1024;

/**
 * The log's destination: the lines written during one turn of the event loop leave in one
 * write to standard output, at the end of that turn. Under load one turn answers many
 * requests, and each write to a pipe or a terminal is a system call that also wakes its
 * reader. Nothing waits longer than the turn, and the lines still pending when the process
 * exits are written then.
 */
export function batchedStdout(fd = 1): { write(line: string): void; flush(): void } {
  let pending: string[] = [];
  let size = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending.length) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    writeAll(fd, text);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      pending.push(line);
      size += line.length;
      if (size >= MAX_PENDING) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

function writeAll(fd: number, text: string) {
  let buffer = Buffer.from(text);
  while (buffer.length) {
    try {
      buffer = buffer.subarray(writeSync(fd, buffer));
    } catch (error) {
      // A full pipe: wait for its reader, as a synchronous logger does (pino's sonic-boom).
      // Anything else (the reader has gone) drops the lines: the log must not stop orders.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
