import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/**
 * No lost edits (issue 28, point 2): a save names the version it read, in `If-Match` (the ETag
 * a read gave, `"3"` or `W/"3"`) or as `version` in the body. A save without one is a 428; a
 * stale one a 409 carrying the current values (`current`), and nothing is written.
 */
export class StaleSaveError extends AppError {
  constructor(
    message: string,
    readonly current: unknown,
  ) {
    super(409, 'stale', message);
  }
}

export const etagOf = (version: number) => `"${version}"`;

/** The version a save was based on: If-Match first, else the body's. */
export function versionOfSave(request: FastifyRequest, bodyVersion: number | undefined): number {
  const header = request.headers['if-match'];
  if (typeof header === 'string' && header.trim() !== '') {
    const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
    if (!match) {
      throw new AppError(
        400,
        'bad_request',
        'If-Match must be the ETag a read gave, such as "3".',
        {
          'if-match': 'Not a version',
        },
      );
    }
    return Number(match[1]);
  }
  if (bodyVersion !== undefined) return bodyVersion;
  throw new AppError(
    428,
    'version_required',
    'Send the version you read (the If-Match header, or version in the body), so that a colleague’s change is not overwritten.',
    { version: 'Required' },
  );
}

/**
 * Answers a stale save with the envelope and the current values beside it (the shared error
 * handler knows only the envelope's own fields); anything else goes on to that handler.
 */
export function answerStaleSaves(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (!(error instanceof StaleSaveError)) throw error;
    return reply.code(409).send({
      status: 409,
      message: error.message,
      data: null,
      errors: { version: 'Changed by someone else since you read it' },
      current: error.current,
    });
  });
}
