import type { ReactNode } from 'react';
import { buttonClass, type ButtonSize } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { ProblemLine } from './problem.tsx';

interface Props {
  open: boolean;
  /** Prefix of the title's and text's ids (`{id}-title`, `{id}-text`). */
  id: string;
  title: string;
  children: ReactNode;
  /** The action's words ("Remove card", "Yes, refund £11.90"). */
  confirmLabel: string;
  /** The safe choice's words, focused first ("Keep my basket"); "Keep it" unless said. */
  cancelLabel?: string;
  /**
   * `danger` (red) for what cannot be taken back; `primary` (the shop's colour) for a choice
   * undone by doing it again, such as emptying a basket.
   */
  tone?: 'danger' | 'primary';
  /** `lg` in the staff application (48 px targets on a tablet), as its other buttons. */
  size?: ButtonSize;
  /** The action is on its way: it cannot be asked twice. */
  busy?: boolean;
  /** Why the action was refused, said in the dialog (which stays open to try again). */
  problem?: string;
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
  cancelLabel = 'Keep it',
  tone = 'danger',
  size = 'md',
  busy = false,
  problem,
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
      <ProblemLine message={problem} className="mt-3" />
      <div className="mt-5 grid gap-2 sm:grid-cols-2">
        <button
          type="button"
          data-autofocus
          onClick={onCancel}
          className={buttonClass({ variant: 'outline', size })}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
          className={buttonClass({ variant: tone, size })}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
