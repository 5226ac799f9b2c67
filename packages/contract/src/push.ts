import { z } from 'zod';

/**
 * Web Push for staff devices (docs/decisions/0032): when an order waits and no board of its store
 * is open, the server pushes to the devices of the staff who work there and subscribed.
 */

/** GET /api/admin/push-key: the server's VAPID public key, base64url, for `pushManager.subscribe`. */
export const ZPushKey = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof ZPushKey>;

const ZEndpoint = z
  .url({ message: 'Give the push endpoint the browser gave, an https address' })
  .max(2000, 'The push endpoint is too long');

/** The browser's subscription as `PushSubscription.toJSON()` gives it. */
export const ZPushSubscriptionBody = z.object({
  endpoint: ZEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // A P-256 public key (65 bytes) and a 16-byte secret, base64url.
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Not a P-256 public key in base64url'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'Not an auth secret in base64url'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof ZPushSubscriptionBody>;

/** DELETE /api/admin/push-subscriptions: this device's endpoint. */
export const ZPushUnsubscribeBody = z.object({ endpoint: ZEndpoint });
export type PushUnsubscribeBody = z.infer<typeof ZPushUnsubscribeBody>;

/** What POST answers: the subscription kept for this member of staff. */
export const ZPushSubscriptionView = z.object({
  id: z.string(),
  endpoint: z.string(),
  created_at: z.string(),
});
export type PushSubscriptionView = z.infer<typeof ZPushSubscriptionView>;
