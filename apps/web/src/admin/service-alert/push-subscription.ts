import type { AdminDispatch } from '../admin-state.ts';
import { pushApi } from './push-api.ts';

/** The service worker that shows a push (apps/web/public), for the staff application only. */
const WORKER = '/admin-push-worker.js';
const SCOPE = '/admin/';

const pushable = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof PushManager !== 'undefined';

/** The VAPID public key as the browser wants it: bytes, from base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Makes this device one the server pushes to when an order waits with no board open: the worker
 * is registered, the browser subscribed with the server's key, and the subscription sent to the
 * server (which keeps it for this member of staff). Quietly does nothing where the browser has
 * no push, or notifications were refused.
 */
export async function subscribeThisDevice(
  dispatch: AdminDispatch,
  permission: Promise<NotificationPermission>,
): Promise<void> {
  if (!pushable() || (await permission) !== 'granted') return;
  const registration = await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
  const key = await dispatch(pushApi.endpoints.pushKey.initiate()).unwrap();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key.public_key),
    }));
  // The schema (and zod with it) arrives only here: the staff application's first screen has a
  // budget (docs/decisions/0048), and a device is subscribed once service starts.
  const { ZPushSubscriptionBody } = await import('@servery/contract/push');
  const body = ZPushSubscriptionBody.safeParse(subscription.toJSON());
  if (body.success) await dispatch(pushApi.endpoints.subscribePush.initiate(body.data)).unwrap();
}

/** This device is no longer pushed to (service stopped, or the person signed out). */
export async function unsubscribeThisDevice(dispatch: AdminDispatch): Promise<void> {
  if (!pushable()) return;
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await dispatch(
    pushApi.endpoints.unsubscribePush.initiate({ endpoint: subscription.endpoint }),
  ).unwrap();
  await subscription.unsubscribe();
}
