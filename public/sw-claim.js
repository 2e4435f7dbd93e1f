// Imported by the generated service worker (vite.config.ts, decision 056). A tab whose navigation started while
// the first worker was still installing can miss that worker's own claim when it activates; the tab asks again
// (src/ui/pwa-prompt.tsx) and the active worker takes it. A tab that already has this worker is not changed.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLAIM_CLIENTS') event.waitUntil(self.clients.claim().catch(() => undefined));
});
