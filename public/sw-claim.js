// Imported by the generated service worker (vite.config.ts, decision 056). A tab loaded past the worker (a hard
// reload), or whose navigation started while the first worker was still installing, has no worker: the worker's own
// claim happens once, when it activates. The tab asks (src/ui/pwa-prompt.tsx) and the active worker takes it. A tab
// that already has this worker is not changed.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLAIM_CLIENTS') event.waitUntil(self.clients.claim().catch(() => undefined));
});
