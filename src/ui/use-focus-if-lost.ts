import { useEffect, type RefObject } from 'react';

/**
 * On mount, focus `ref` if the keyboard's focus was lost: the button pressed went with what it replaced (Create
 * Invoice gives way to the invoice, Pay to the paid invoice), leaving focus on the page's body, where Escape no
 * longer reaches the dialog (issue 63). Focus the user still has elsewhere is left alone.
 */
export function useFocusIfLost(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected) ref.current?.focus();
  }, [ref]);
}
