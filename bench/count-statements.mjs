// Preloaded into the Friday bench's servers beside bench/profile-window.mjs: counts the SQL
// statements the server sends through `pg` over the same window (the first SIGUSR2 starts the
// count, the next writes it to $PROFILE_DIR/statements-<pid>.json, by statement text). Round
// trips to PostgreSQL do not depend on the machine's load, unlike the times.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// `pg` as the server resolves it (the bench runs from a copy of the build beside node_modules).
const pg = createRequire(process.argv[1])('pg');
let counts = new Map();
let signals = 0;
/** Each statement's text as counted, worked out once per text (the count is not to cost the server). */
const keys = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.text ?? config?.name ?? '?');
  let key = keys.get(text);
  if (key === undefined) {
    key = text.replace(/\s+/g, ' ').trim().slice(0, 80);
    if (keys.size < 10_000) keys.set(text, key);
  }
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return query.call(this, config, ...rest);
};

process.on('SIGUSR2', () => {
  signals += 1;
  if (signals % 2 === 1) {
    counts = new Map();
    return;
  }
  const file = join(process.env.PROFILE_DIR ?? '.', `statements-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(Object.fromEntries(counts)));
});
