import { createECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** web-push's own encryption library (its dependency), here to open what the device would. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ): Buffer;
};

export interface PushDelivery {
  /** The device's path on the push service. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The payload as the device opens it, with its own key. */
  payload: { title: string; body: string; url: string; tag: string };
}

/**
 * A local push service (as FCM or Mozilla's autopush are to a browser): it takes the encrypted
 * POST at a device's endpoint, answers 201, or 410 for a device that has unsubscribed, and keeps
 * what each device received, opened with that device's keys.
 */
export async function startFakePushService() {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const gone = new Set<string>();
  const deliveries: PushDelivery[] = [];
  const refused: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url!;
    const device = devices.get(path);
    if (!device || gone.has(path) || req.method !== 'POST') {
      refused.push(path);
      res.writeHead(gone.has(path) ? 410 : 404).end();
      return;
    }
    const body = Buffer.concat(chunks);
    const opened = ece.decrypt(body, {
      version: 'aes128gcm',
      privateKey: device.ecdh,
      authSecret: device.auth,
    });
    deliveries.push({
      path,
      headers: req.headers,
      payload: JSON.parse(opened.toString('utf8')) as PushDelivery['payload'],
    });
    res.writeHead(201).end();
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    deliveries,
    refused,
    /** A browser's subscription at this service, with keys of its own (what toJSON gives). */
    device(name: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const path = `/push/${name}-${randomBytes(4).toString('hex')}`;
      devices.set(path, { ecdh, auth });
      return {
        path,
        subscription: {
          endpoint: `${base}${path}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
      };
    },
    /** The device unsubscribed in the browser: the service answers 410 Gone from now on. */
    unsubscribe(path: string) {
      gone.add(path);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
