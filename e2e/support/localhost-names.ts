import dns from 'node:dns';

/**
 * Every `*.localhost` name is this machine (RFC 6761), as the browser already treats it: each
 * spec file's shop has a name of its own on its worker's server (support/shop-per-file.ts), and
 * the tests' own calls (fetch in Node) reach it as the browser does. Node asks the system's
 * resolver, which knows only `localhost` itself; this answers the rest before it is asked.
 */
type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

const systemLookup = dns.lookup;

function lookupLocalhostNames(
  hostname: string,
  options: dns.LookupOptions | number | LookupCallback,
  callback?: LookupCallback,
) {
  const done = (typeof options === 'function' ? options : callback)!;
  const all = typeof options === 'object' && options.all;
  if (/\.localhost\.?$/i.test(hostname)) {
    if (all) process.nextTick(done, null, [{ address: '127.0.0.1', family: 4 }]);
    else process.nextTick(done, null, '127.0.0.1', 4);
    return;
  }
  (systemLookup as (...args: unknown[]) => void)(hostname, options, callback);
}

dns.lookup = lookupLocalhostNames as typeof dns.lookup;

// The promise form too (Playwright's request context looks each address family up with it).
const systemPromiseLookup = dns.promises.lookup;
dns.promises.lookup = (async (hostname: string, options?: dns.LookupOptions | number) => {
  if (!/\.localhost\.?$/i.test(hostname)) {
    return (systemPromiseLookup as (...args: unknown[]) => unknown)(hostname, options);
  }
  const family = typeof options === 'number' ? options : options?.family;
  const addresses = family === 6 ? [] : [{ address: '127.0.0.1', family: 4 }];
  if (typeof options === 'object' && options.all) return addresses;
  if (!addresses[0])
    throw Object.assign(new Error(`No IPv6 address for ${hostname}`), { code: 'ENOTFOUND' });
  return addresses[0];
}) as typeof dns.promises.lookup;
