import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import { DeliveryError } from '../../providers/delivery-error.ts';
import type { PushMessage, PushTransport } from '../../providers/push/push-transport.ts';
import { findSubscription, forgetSubscription } from './push.repository.ts';
import type { LoadVapidKeys } from './vapid-keys.ts';

/** How long a push service keeps trying an offline device: past it, the order is answered anyway. */
const TTL_SECONDS = 10 * 60;
const TIMEOUT_MS = 10_000;

/**
 * Sends the outbox's pushes (docs/decisions/0032). `web-push` encrypts the payload and signs the
 * VAPID header (generateRequestDetails); the POST is made here with fetch, so its answer is read
 * the same way for every push service. A device the service no longer knows (404, 410) is
 * forgotten; other refusals are permanent too, except 429 and 5xx, which the outbox retries.
 */
export function createPushSender(db: Database, vapidKeys: LoadVapidKeys): PushTransport {
  return {
    async send(message: PushMessage): Promise<void> {
      const subscription = await findSubscription(db, message.tenantId, message.recipient);
      if (!subscription) throw new DeliveryError('the device unsubscribed', true);
      const keys = await vapidKeys();
      const payload = JSON.stringify({
        title: message.title,
        body: message.body,
        url: '/admin/desk',
        tag: 'servery-orders-waiting',
      });
      const request = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        payload,
        {
          vapidDetails: keys,
          TTL: TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
      let answer: Response;
      try {
        answer = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(`push service unreachable: ${(error as Error).message}`, false);
      }
      if (answer.ok) return;
      const said = `push service answered ${answer.status}`;
      if (answer.status === 404 || answer.status === 410) {
        await forgetSubscription(db, message.tenantId, subscription.id);
        throw new DeliveryError(`${said}: the device unsubscribed, it was forgotten`, true);
      }
      throw new DeliveryError(said, !(answer.status === 429 || answer.status >= 500));
    },
  };
}
