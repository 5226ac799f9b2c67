import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside the dialog (the native one lets focus leave the page). */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface DialogProps {
  open: boolean;
  /** Called on Escape and on a click on the backdrop (when `dismissable`). */
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser closes it on Escape, makes the page behind inert
 * and gives focus back to what had it when the dialog closes; Tab is kept inside it.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  className = '',
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  // Before the browser paints: a dialog open from its first render is in that frame.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element; a child marked data-autofocus wins.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // Only a click on the backdrop closes: outside the dialog's box, not on its padding.
        const box = ref.current?.getBoundingClientRect();
        const outside =
          box &&
          (event.clientX < box.left ||
            event.clientX > box.right ||
            event.clientY < box.top ||
            event.clientY > box.bottom);
        if (event.target === ref.current && outside) onClose();
      }}
      onKeyDown={trapTab}
      className={`backdrop:bg-black/50 ${className}`}
    >
      {open ? children : null}
    </dialog>
  );
}
