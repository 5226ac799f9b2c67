import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-faults.ts';
import { AppError } from '../lib/app-error.ts';
import { logSafeError } from '../lib/log-safe-error.ts';

const BODY_LIMIT_BYTES = 64 * 1024;

const WHERE: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'address',
  headers: 'headers',
};

/**
 * One error model for the whole API (architecture.md): every failure answers the envelope
 * `{ status, message, data: null, errors? }`. Bad input is a 4xx that names the problem; anything
 * unexpected is a 500 whose details stay in the log, under the request id.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    // An empty JSON body is no body (POST /api/loadconfig is sent without one).
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (request, body, done) => {
        if (body === '') return done(null, undefined);
        parseJson(request, body as string, done);
      },
    );

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.retryAfterSeconds !== undefined) {
          void reply.header('retry-after', String(error.retryAfterSeconds));
        }
        return reply.code(error.status).send({
          status: error.status,
          message: error.message,
          data: null,
          ...(error.errors ? { errors: error.errors } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(whole)';
          errors[field] ??= issue.message ?? 'is not valid';
        }
        const where = WHERE[error.validationContext ?? 'body'] ?? 'request';
        const first = Object.entries(errors)
          .map(([field, message]) => (field === '(whole)' ? message : `${field}: ${message}`))
          .join('; ');
        return reply
          .code(400)
          .send({ status: 400, message: `Check the ${where}: ${first}`, data: null, errors });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply
          .code(status)
          .send({ status, message: clientMessage(error, status), data: null });
      }
      if (isDatabaseUnavailable(error)) {
        // A restart or a dropped connection: the process carries on, and the caller tries again.
        request.log.warn({ err: logSafeError(error) }, 'database unavailable');
        void reply.header('retry-after', '5');
        return reply.code(503).send({
          status: 503,
          message: 'The service is briefly unavailable. Please try again in a few seconds.',
          data: null,
        });
      }
      request.log.error({ err: logSafeError(error) }, 'unhandled error');
      return reply.code(500).send({
        status: 500,
        message: `Something went wrong on our side. Please try again. (Reference ${request.id})`,
        data: null,
      });
    });
  },
  { name: 'error-handler' },
);

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request body is too large; the limit is ${BODY_LIMIT_BYTES / 1024} KB.`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON, with Content-Type: application/json.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The Content-Length header does not match the body.';
    default:
      if (error instanceof SyntaxError) return 'The request body is not valid JSON.';
      return status === 404 ? 'Not found.' : error.message || 'The request was not accepted.';
  }
}
