// The yardstick: a bare node:http server answering recorded responses byte for byte.
// Reads {path: {method, status, headers, body}} as JSON from argv[2]; prints its port.
// Each body is encoded once, as the bytes sent: the best a bare server can do, and what
// Servery does with the answers it caches (docs/decisions/0024).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const route of Object.values(routes)) route.bytes = Buffer.from(route.body);
const server = createServer((req, res) => {
  const route = routes[`${req.method} ${req.url}`];
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  // Drain any request body, as a real endpoint would.
  req.resume();
  req.on('end', () => res.writeHead(route.status, route.headers).end(route.bytes));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
