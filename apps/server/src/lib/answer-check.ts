import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How answers are checked against the contract's schemas as they are written (docs/decisions/0060).
 * - `every`: each answer goes through its zod schema; one outside the contract is a 500. Outside
 *   production, so that every test and every development click checks what the routes send.
 * - `sample`: the answer is written as built, and one in `SAMPLE_EVERY` of each route's answers
 *   (its first among them) is checked; one outside the contract is logged as an error and sent.
 *   In production: the zod pass was 10-15 % of the server's CPU per order, and the objects are
 *   loose (decision 15), so the check never kept a field from going out; what it catches is a
 *   field of the wrong type, which the tests catch before a deploy.
 */
export type AnswerCheck = 'every' | 'sample';

/** Each route's first answer and one in this many after it are checked in `sample`. */
export const SAMPLE_EVERY = 64;

type SerializerCompiler = FastifySerializerCompiler<unknown>;

/** The serializer compiler for `check`; `log` hears of sampled answers outside the contract. */
export function answerSerializerCompiler(
  check: AnswerCheck,
  log: () => FastifyBaseLogger,
): SerializerCompiler {
  const full = serializerCompiler as SerializerCompiler;
  if (check === 'every') return full;
  return (route) => {
    const schema = route.schema;
    // Only the contract's zod schemas are sampled; anything else keeps the full check.
    if (!(schema instanceof z.ZodType)) return full(route);
    let answers = 0;
    return (data: unknown) => {
      if (answers++ % SAMPLE_EVERY === 0) {
        const result = z.safeEncode(schema, data as never);
        if (!result.success) {
          log().error(
            {
              route: `${route.method} ${route.url}`,
              status: route.httpStatus,
              issues: result.error.issues.slice(0, 5).map((issue) => ({
                path: issue.path.join('.'),
                message: issue.message,
              })),
            },
            'answer outside the contract',
          );
        }
      }
      return JSON.stringify(data);
    };
  };
}
