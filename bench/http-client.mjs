// The Friday bench's own HTTP client (bench/friday-load.mjs, friday-floor.mjs, staff-board.mjs):
// node:http with kept-alive connections. The bench runs on the same two cores as the servers it
// measures, and `fetch` (undici, its web streams and abort signals) cost it 0.37 of a core at 300
// orders a second, most of it in undici: every core the bench takes is one the servers and
// PostgreSQL do not have (bench/RESULTS.md "A Friday service: the bench lighter on its cores").
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** What a browser sends: an answer large enough comes compressed (decision 58). */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** An answer's bytes as the server meant them: decoded when they came compressed. */
function decode(encoding, bytes) {
  if (encoding === 'br') return brotliDecompressSync(bytes);
  if (encoding === 'gzip') return gunzipSync(bytes);
  return bytes;
}

/**
 * POSTs `body` (a string, sent as JSON) to `url` as a browser does (compression accepted);
 * resolves to the answer's status and its body parsed as JSON (null when it is not JSON).
 */
export function postJson(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'accept-encoding': BROWSER_ENCODINGS,
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(decode(res.headers['content-encoding'], Buffer.concat(chunks)));
          } catch {
            // not JSON: the caller reports the status
          }
          resolve({ status: res.statusCode, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * GETs `url` as a browser asks for an API answer (brotli or gzip accepted); resolves to the
 * status and the bytes as they came over the wire, not decoded (the bench only counts them).
 */
export function getBytes(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent, headers: { 'accept-encoding': BROWSER_ENCODINGS, ...headers } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode, bytes }));
      },
    );
    req.on('error', reject);
  });
}

/**
 * GETs an event stream from `url` (Node's default agent, apart from the requests' pool);
 * `onText` gets its text as it comes. No timeout: Servery's streams send a heartbeat, and a
 * server that goes away ends the request. `done` settles when the stream ends (rejects if it could not be opened or was not a
 * 200); `close()` ends it from this side.
 */
export function readStream(url, headers, onText) {
  let req;
  const done = new Promise((resolve, reject) => {
    req = http.get(url, { headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET ${new URL(url).pathname} answered ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', onText);
      res.on('end', resolve);
      res.on('error', reject);
      res.on('close', resolve);
    });
    req.on('error', reject);
  });
  return {
    done,
    close() {
      req.destroy();
      return done.catch(() => {});
    },
  };
}
