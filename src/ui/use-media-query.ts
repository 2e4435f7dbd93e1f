import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, re-rendering when it starts or stops matching (a phone turned, a window resized). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** A finger, not a mouse: targets 44 px and more (issue 63). */
export const COARSE_POINTER = '(pointer: coarse)';

/** A phone held upright, or a narrow window: the width below which a master gets the day as a list (issue 63). */
export const PHONE_WIDTH = '(max-width: 600px)';
