import { useCallback, useEffect, useState } from 'react';

/**
 * Width the spec's column rule applies to. The spec divides the window's width; here a time grid sits
 * inside the page's margins, so its own box is the width (the rule's 100 px then covers the 90 px time
 * column and a scrollbar; decision 021).
 */
export function useBoxWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(() => window.innerWidth - 40);
  const [observer] = useState(() => new ResizeObserver((entries) => setWidth(Math.round(entries[0]?.contentRect.width ?? 0))));
  useEffect(() => () => observer.disconnect(), [observer]);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      observer.disconnect();
      if (el) observer.observe(el);
    },
    [observer],
  );
  return [ref, width];
}
