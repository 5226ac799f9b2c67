import type { MouseEvent } from 'react';
import { PROBLEM_CLASS } from './problem.tsx';

export interface SummaryError {
  /** The id of the field (or the fieldset's first control) the message is about. */
  id: string;
  message: string;
  /** Takes the customer to the field, when focusing the element with `id` is not the way. */
  onGo?: () => void;
}

/**
 * A form that failed says so at its top (issue 30): every problem, each a link that takes focus
 * to its field, which scroll-padding keeps clear of the header and the pinned action bar. It
 * is a region with an alert role: read out when it appears after a failed submit.
 */
export function ErrorSummary({ id, errors }: { id: string; errors: SummaryError[] }) {
  if (errors.length === 0) return null;
  const go = (event: MouseEvent<HTMLAnchorElement>, { id: target, onGo }: SummaryError) => {
    if (onGo) {
      event.preventDefault();
      onGo();
      return;
    }
    const field = document.getElementById(target);
    if (!field) return;
    event.preventDefault();
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
  };
  return (
    <div
      id={id}
      role="alert"
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className={`${PROBLEM_CLASS} mb-4 outline-offset-2`}
      data-testid="error-summary"
    >
      <p id={`${id}-title`} className="font-semibold">
        There {errors.length === 1 ? 'is a problem' : `are ${errors.length} problems`}:
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {errors.map((error) => (
          <li key={error.id}>
            <a
              href={`#${error.id}`}
              onClick={(event) => go(event, error)}
              className="inline-block min-h-6 py-0.5 underline underline-offset-2"
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
