// Where a server's CPU went over a load window (bench/friday.mjs): a .cpuprofile written by
// bench/profile-window.mjs, each sample given to one part of the server by the frames on its
// stack. The server is one esbuild bundle, so its frames are mapped back to their source files
// through the bundle's source map; dependencies keep their own file names.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The parts, in the order they claim a sample: the first part with a frame anywhere on the
 * stack takes it. So a log line written by the outbox is logging, the outbox's own SQL is the
 * outbox, and the driver's work with no caller of ours above it (parsing replies as they
 * arrive, for every caller) is the SQL part.
 */
export const PARTS = [
  [
    'pino/logging',
    /\/(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|safe-stable-stringify)\/|fastify\/lib\/logger|lib\/batched-stdout|providers\/(mail|sms)\/log\./,
  ],
  ['live events', /modules\/live-events\//],
  ['outbox', /modules\/outbox\/|providers\/(mail|sms|push)\/|\/nodemailer\//],
  ['the sweepers', /desk-sweeper|unwatched-orders|booking-reminders|auto-accept|unpaid-orders/],
  [
    'SQL and the db driver',
    /\/(pg|pg-protocol|pg-pool|pg-types|pg-connection-string|postgres-[a-z]+|drizzle-orm)\/|src\/db\//,
  ],
  [
    'fastify/http',
    /\/(fastify|find-my-way|avvio|light-my-request|fast-json-stringify|secure-json-parse|@fastify\/[a-z-]+|fastify-type-provider-zod|fastify-plugin)\/|^node:_http|^node:internal\/http|^node:http/,
  ],
];
const GC = 'garbage collector';
const OTHER = 'other';

/** A function giving each profile node's file: the source file for bundle frames. */
function sourceOf(bundleUrl) {
  let map;
  try {
    const file = fileURLToPath(bundleUrl);
    map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  } catch {
    map = null;
  }
  return (frame) => {
    if (frame.url !== bundleUrl || !map) return frame.url;
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber);
    return entry?.originalSource ?? frame.url;
  };
}

/** Each part's share of the profile's busy samples (idle left out), and the busy CPU seconds. */
export function profileParts(file, bundleUrl) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const source = sourceOf(bundleUrl);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const partOf = new Map();
  const claim = (id) => {
    if (partOf.has(id)) return partOf.get(id);
    const files = [];
    let name = byId.get(id).callFrame.functionName;
    for (let at = id; at !== undefined; at = parent.get(at))
      files.push(source(byId.get(at).callFrame));
    const part =
      name === '(idle)' || name === '(root)'
        ? null
        : name === '(garbage collector)'
          ? GC
          : (PARTS.find(([, pattern]) => files.some((f) => pattern.test(f)))?.[0] ?? OTHER);
    partOf.set(id, part);
    return part;
  };
  const counts = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const part = claim(id);
    if (part === null) return;
    const us = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    counts.set(part, (counts.get(part) ?? 0) + us);
    busy += us;
  });
  const shares = {};
  for (const [part] of [...PARTS, [GC], [OTHER]]) {
    shares[part] = busy ? Math.round(((counts.get(part) ?? 0) / busy) * 1000) / 10 : 0;
  }
  return {
    busySeconds: Math.round(busy / 1e4) / 100,
    shares,
    top: topOthers(profile, claim, source),
  };
}

/** The busiest functions left in "other", for the next look (self time, in samples). */
function topOthers(profile, claim, source) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const id of profile.samples) {
    if (claim(id) !== OTHER) continue;
    const frame = byId.get(id).callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${source(frame).replace(/^.*\/(node_modules|src)\//, '')}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([key, count]) => `${key} ${Math.round((count / total) * 1000) / 10} %`);
}
