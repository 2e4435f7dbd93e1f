/**
 * Chromium's install prompt (`beforeinstallprompt`), kept from the page's start: the browser fires it once, early,
 * and the offer to install (install-offer.tsx) shows it later, after sign-in. Registered by main.tsx before
 * anything else loads.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let pending: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for our own offer instead of the browser's mini bar.
    event.preventDefault();
    pending = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    pending = null;
    notify();
  });
}

export const installPrompt = {
  get: (): InstallPromptEvent | null => pending,
  /** The prompt can be shown once: after it, the browser fires a new event if installing is still possible. */
  take(): InstallPromptEvent | null {
    const event = pending;
    pending = null;
    notify();
    return event;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
