/* global self */
// Noor's service worker: shows the Web Push notifications the server sends (server/modules/outbox/push.ts
// builds the payload: title, body, url, tag, lang, dir) and opens the notification's page on click,
// reusing a Noor tab when one is open. It does nothing else: no caching, no fetch handler. The profile
// registers it when the person turns notifications on; public pages never load it.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : 'Noor';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      lang: data.lang === 'en' ? 'en' : 'ar',
      dir: data.dir === 'ltr' ? 'ltr' : 'rtl',
      icon: '/favicon.svg',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
