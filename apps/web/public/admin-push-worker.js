// The staff application's service worker (docs/decisions/0032): it only shows the server's Web
// Push ("orders are waiting and no board is open") and opens the desk when the notice is tapped.
// It caches nothing and never answers a fetch.
/* global self */

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Orders are waiting', {
      body: message.body || 'Open the order desk to accept or reject them.',
      // One notice for the shop's waiting orders, replaced by the next: never a stack.
      tag: message.tag || 'servery-orders-waiting',
      renotify: true,
      requireInteraction: true,
      data: { url: message.url || '/admin/desk' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/admin/desk', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/admin'));
      if (open) return open.focus().then((w) => w.navigate(url.href));
      return self.clients.openWindow(url.href);
    }),
  );
});
