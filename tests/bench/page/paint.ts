/**
 * When the first element matching `selector` under `root` is painted: a MutationObserver sees it added (a
 * microtask after React's commit), the next animation frame runs just before that frame's style, layout and
 * paint, and a message posted from it is handled once the frame has been painted. Resolves with that time
 * (performance.now()).
 */
export function paintedAfter(root: Element, selector: string): Promise<number> {
  return paintedAll(root, selector, 1);
}

/** The same once `root` has `count` elements matching `selector` (the whole day, after a first frame of part of it). */
export function paintedAll(root: Element, selector: string, count: number): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      if (root.querySelectorAll(selector).length < count) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { childList: true, subtree: true });
    check();
  });
}

export const nextFrames = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left <= 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  });
