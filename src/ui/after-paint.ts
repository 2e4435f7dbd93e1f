import { useEffect, useState } from 'react';

let armed: (() => void) | null = null;

/**
 * The first contentful paint of the page: what it does not need loads after it (initial JavaScript,
 * DESIGN.md §10). Resolves once the browser reported the paint; where it never reports one (a hidden tab),
 * 1 s after armPaintFallback, and without paint timing at all, 1 s after this module loaded.
 */
export const firstPaint: Promise<void> = new Promise((resolve) => {
  if (typeof performance === 'undefined' || performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
  let observer: PerformanceObserver | null = null;
  const go = () => {
    observer?.disconnect();
    // Out of the paint's own task: a request started here is one the first paint did not wait for.
    setTimeout(resolve, 0);
  };
  try {
    observer = new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint').length > 0 && go());
    observer.observe({ type: 'paint', buffered: true });
    armed = () => {
      armed = null;
      setTimeout(go, 1000);
    };
  } catch {
    setTimeout(go, 1000);
  }
});

/**
 * Starts the 1 s fallback of `firstPaint`: call it once the first route's frame is out (main.tsx). Not at
 * start: on a busy machine the paint can come well over a second after the scripts ran, and what loads
 * after it must not race it.
 */
export const armPaintFallback = () => armed?.();

let painted = false;
void firstPaint.then(() => (painted = true));

/** False until the first contentful paint, then true: a part shown after it renders from then on. */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    let live = true;
    void firstPaint.then(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}

/**
 * A module loaded after the first paint (or at once when `now`): null until it is there, and while it fails to
 * load. `load` must be the same function on every render (a module-level one).
 */
export function useLoadedAfterPaint<M>(load: () => Promise<M>, cache: { current: M | null }, now = false): M | null {
  const [loaded, setLoaded] = useState(cache.current);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    (now ? Promise.resolve() : firstPaint)
      .then(load)
      .then((m) => {
        cache.current = m;
        if (live) setLoaded(m);
      })
      // A chunk that did not load (offline before the service worker cached it) is asked for again when `now` turns.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [loaded, load, cache, now]);
  return loaded;
}
