import type { ComponentProps } from 'react';

/**
 * A message about the page rather than one field: `Problem` for something that stops the
 * customer (red bar), `Notice` for something they should know (amber bar). Neither is the colour
 * of a selected option, so an error is never mistaken for a choice.
 *
 * `Problem` is an alert by default (read out as it appears); pass `role={undefined}` for a
 * problem that is there when the page opens.
 *
 * `ProblemLine` is the plain line without the bar: what every staff screen (and the confirm
 * dialog) says when the server refused something or a list could not be loaded.
 */
export const PROBLEM_CLASS =
  'rounded-lg border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-950';
export const NOTICE_CLASS =
  'rounded-lg border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950';

export function Problem({ className, ...props }: ComponentProps<'div'>) {
  // An explicit role={undefined} means none (a default parameter would put 'alert' back).
  const role = 'role' in props ? props.role : 'alert';
  return (
    <div
      role={role}
      className={className ? `${PROBLEM_CLASS} ${className}` : PROBLEM_CLASS}
      {...props}
    />
  );
}

export function Notice({ className, ...props }: ComponentProps<'div'>) {
  // An explicit role={undefined} means none (a default parameter would put 'status' back).
  const role = 'role' in props ? props.role : 'status';
  return (
    <div
      role={role}
      className={className ? `${NOTICE_CLASS} ${className}` : NOTICE_CLASS}
      {...props}
    />
  );
}

const PROBLEM_LINE_CLASS = 'font-semibold text-red-700';

/**
 * A refusal or load error as one red line, read out as it appears; nothing without a message.
 * `as="li"` where it stands in a list. `className` is for spacing and layout only, so the line
 * looks the same on every screen. With an `id`, a field may point at it with aria-describedby.
 */
export function ProblemLine({
  message,
  as: Line = 'p',
  id,
  className,
}: {
  message: string | null | undefined;
  as?: 'p' | 'li';
  id?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <Line
      id={id}
      role="alert"
      className={className ? `${PROBLEM_LINE_CLASS} ${className}` : PROBLEM_LINE_CLASS}
    >
      {message}
    </Line>
  );
}
