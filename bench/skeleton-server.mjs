// The skeleton of a Friday service's server (bench/friday-floor.mjs): the round trips and
// wakes of an order with none of the work. A node:http server on PostgreSQL: an order is two
// statements (the session read, the insert with its NOTIFY), an accept the same two, each
// NOTIFY heard on a LISTEN connection and written as a frame to the open event streams, and an
// outbox run (a claim and a mark) 20 ms after a write, the writes of those 20 ms together.
// Every statement is a trivial one: what is measured is the machine's charge for the traffic.
// argv[2]: a JSON file { answer, databaseUrl }; prints its port.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const { answer, databaseUrl } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bytes = Buffer.from(answer);
const CHANNEL = 'servery_bench_skeleton';
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const listener = new pg.Client({ connectionString: databaseUrl });
await listener.connect();
await listener.query(`listen ${CHANNEL}`);

const streams = new Set();
listener.on('notification', (message) => {
  const frame = `id: ${message.payload}\nevent: order.status\ndata: ${message.payload}\n\n`;
  for (const stream of streams) stream.write(frame);
});

let gathering;
function wakeOutbox() {
  if (gathering) return;
  gathering = setTimeout(async () => {
    gathering = undefined;
    await pool.query({ name: 'claim', text: 'select 1 as claimed' });
    await pool.query({ name: 'mark', text: 'select 1 as marked' });
  }, 20);
}

let changes = 0;
async function twoStatements() {
  await pool.query({ name: 'session', text: 'select $1::text as token', values: ['session'] });
  changes += 1;
  await pool.query({
    name: 'change',
    text: `select pg_notify('${CHANNEL}', $1::text)`,
    values: [String(changes)],
  });
  wakeOutbox();
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(': connected\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(404).end();
    return;
  }
  req.resume();
  req.on('end', () => {
    twoStatements().then(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end(bytes),
      () => res.writeHead(500).end(),
    );
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
