import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * What an unexpected error may put in the log: its kind, its message and stack, and for a
 * failed query the statement and the database's own code, but never the query's parameters,
 * the database's `detail` (which quotes values) or anything from the request: those hold
 * customers' names, e-mails, phones and addresses (issue 12).
 */
export function logSafeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-Error was thrown' };
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause as
      | { code?: string; message?: string; constraint?: string; table?: string; column?: string }
      | undefined;
    const message = `Failed query: ${error.query}`;
    return {
      type: 'DrizzleQueryError',
      message,
      stack: withoutFirstLine(error.stack, message),
      cause: cause && {
        code: cause.code,
        message: cause.message,
        constraint: cause.constraint,
        table: cause.table,
        column: cause.column,
      },
    };
  }
  return {
    type: error.name,
    message: error.message,
    stack: error.stack,
    ...('code' in error ? { code: (error as { code: unknown }).code } : {}),
  };
}

/** The stack without the message it starts with (a query error's message quotes parameters). */
function withoutFirstLine(stack: string | undefined, message: string): string | undefined {
  if (!stack) return undefined;
  const at = stack.indexOf('\n    at ');
  return at < 0 ? message : `${message}${stack.slice(at)}`;
}
