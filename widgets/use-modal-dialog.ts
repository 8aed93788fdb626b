import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Opens and closes a `<dialog>` as `open` says: `showModal()` (top layer, inert page, Escape) where
 * the browser has it, else the `open` attribute and a fallback class (jsdom, old browsers). Focus
 * moves to `initialFocus` on opening and back to whatever had it on closing.
 */
export function useModalDialog(open: boolean, initialFocus: RefObject<HTMLElement | null>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      const active = dialog.ownerDocument.activeElement;
      openerRef.current = active instanceof HTMLElement && !dialog.contains(active) ? active : null;
      if (!dialog.open) {
        if (typeof dialog.showModal === 'function') dialog.showModal();
        else {
          dialog.classList.add('rules-dialog--fallback');
          dialog.setAttribute('open', '');
        }
      }
      initialFocus.current?.focus();
      return;
    }
    if (dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }, [open, initialFocus]);

  // Closing a still-open native dialog when the component goes away keeps the page from staying inert.
  useEffect(
    () => () => {
      const dialog = dialogRef.current;
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    },
    [],
  );

  return dialogRef;
}

/** Tab and Shift+Tab cycle inside the dialog (the focus trap a non-modal fallback needs). */
export function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector));
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = event.currentTarget.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
