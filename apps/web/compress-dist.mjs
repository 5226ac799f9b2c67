// Writes .br and .gz beside every text asset of the build, once, so the server can send them
// without compressing on each request (@fastify/static's preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('./dist', import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json|txt)$/;

function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(entry)) {
      const bytes = readFileSync(path);
      if (bytes.length < 1024) continue;
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    }
  }
}
walk(dist);
