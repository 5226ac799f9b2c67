import { useEffect, useRef } from 'react';
import type { DeskOrder } from '@servery/contract/desk';

/** One notice for all waiting orders, replaced as more come: never a stack of pop-ups. */
const TAG = 'servery-orders-waiting';

async function showNotice(title: string, body: string) {
  const options = { body, tag: TAG, renotify: true, data: { url: '/admin/desk' } };
  // Through the service worker where there is one (Android allows no `new Notification`).
  const registration = await navigator.serviceWorker?.getRegistration('/admin/').catch(() => null);
  if (registration) {
    await registration.showNotification(title, options);
    return;
  }
  const notice = new Notification(title, options);
  notice.onclick = () => {
    window.focus();
    notice.close();
  };
}

/**
 * While the tab is hidden (another app in front, the tablet's screen on something else), a new
 * waiting order raises a browser notification, when the person allowed them on "Start service".
 * Orders seen while the tab was visible raise none.
 */
export function useHiddenTabNotice(waiting: DeskOrder[]) {
  const seen = useRef(new Set<string>());
  useEffect(() => {
    const fresh = waiting.filter((o) => !seen.current.has(o.id));
    for (const order of waiting) seen.current.add(order.id);
    if (fresh.length === 0 || document.visibilityState !== 'hidden') return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const numbers = waiting.map((o) => `#${o.number}`).join(', ');
    const title =
      waiting.length === 1 ? `A new order is waiting` : `${waiting.length} orders are waiting`;
    void showNotice(title, `${numbers}: open the order desk to accept or reject.`).catch(() => {});
  }, [waiting]);
}
