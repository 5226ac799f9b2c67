import type { ReactNode } from 'react';
import { buttonClass } from './button.tsx';
import { Dialog } from './dialog.tsx';

interface Props {
  open: boolean;
  /** Prefix of the title's and text's ids (`{id}-title`, `{id}-text`). */
  id: string;
  title: string;
  children: ReactNode;
  /** The destructive action's words ("Remove card"); "Keep it" is the safe choice, focused first. */
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A question before something that cannot be undone: keep it (focused) or do it. */
export function ConfirmDialog({
  open,
  id,
  title,
  children,
  confirmLabel,
  busy,
  onCancel,
  onConfirm,
}: Props) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-3 text-stone-800">
        {children}
      </p>
      <div className="mt-5 grid gap-2 sm:grid-cols-2">
        <button
          type="button"
          data-autofocus
          onClick={onCancel}
          className={buttonClass({ variant: 'outline' })}
        >
          Keep it
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className="rounded-lg bg-red-800 px-5 py-2.5 font-semibold text-white outline-offset-2 disabled:opacity-60"
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
