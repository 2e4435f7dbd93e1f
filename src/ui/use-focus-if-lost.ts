import { useEffect, type RefObject } from 'react';

/**
 * On mount, focus `ref` if the keyboard's focus was lost: the button pressed went with what it replaced (Create
 * Invoice gives way to the invoice, Pay to the paid invoice), leaving focus on the page's body, where Escape no
 * longer reaches the dialog (issue 63), or on the dialog itself, where the dialog's focus scope puts it when the
 * pressed button is disabled before it goes. Focus the user still has on a control elsewhere is left alone.
 */
export function useFocusIfLost(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const active = document.activeElement;
    const target = ref.current;
    if (!target) return;
    const lost = active === null || active === document.body || !active.isConnected || (active !== target && active.contains(target));
    if (lost) target.focus();
  }, [ref]);
}
