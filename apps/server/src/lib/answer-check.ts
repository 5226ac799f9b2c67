import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How answers are checked against the contract's schemas as they are written (docs/decisions/0060).
 * - `every`: each answer goes through its zod schema; one outside the contract is a 500. Outside
 *   production, so that every test and every development click checks what the routes send.
 * - `sample`: the answer is written as built, and one in `SAMPLE_EVERY` of each route's answers
 *   (per status: its first among them) is checked; one outside the contract is logged as an
 *   error and sent. In production: the zod pass was 5-10 % of the server's CPU per order. Where
 *   the objects are loose (decision 15) the check never kept a field from going out; what it
 *   catches is a field of the wrong type, which the tests catch before a deploy. An answer whose
 *   schema has an object that drops the fields it does not name (`z.object`: the staff session,
 *   staff members, the audit log, the menu editor) keeps the full check: the dropping is part
 *   of the answer.
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
    // Only the contract's zod schemas are sampled; anything else keeps the full check, and so
    // does a schema whose check drops fields.
    if (!(schema instanceof z.ZodType) || dropsFields(schema)) return full(route);
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

/** What a schema's definition holds, as far as `dropsFields` walks it. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
}

/** Kinds that hold no object: nothing in them is dropped. */
const LEAVES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'date',
  'enum',
  'literal',
  'null',
  'undefined',
  'void',
  'nan',
  'any',
  'unknown',
  'never',
  'template_literal',
  'symbol',
]);

/**
 * Whether checking a value against `schema` can drop a field: an object that is not loose
 * (`z.object` strips what it does not name, `z.strictObject` refuses it), anywhere inside.
 * A kind this does not know counts as dropping, so it keeps the full check.
 */
export function dropsFields(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const inner = (child: z.ZodType | null | undefined) =>
    Boolean(child) && dropsFields(child!, seen);
  switch (def.type) {
    case 'object': {
      const loose =
        def.catchall !== undefined &&
        (def.catchall as unknown as { _zod: { def: Def } })._zod.def.type === 'unknown';
      return !loose || inner(def.catchall) || Object.values(def.shape ?? {}).some(inner);
    }
    case 'array':
      return inner(def.element);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'union':
      return (def.options ?? []).some(inner);
    case 'intersection':
      return inner(def.left) || inner(def.right);
    case 'record':
      return inner(def.valueType);
    case 'tuple':
      return (def.items ?? []).some(inner) || inner(def.rest);
    case 'pipe':
      return inner(def.in) || inner(def.out);
    case 'lazy':
      return inner(def.getter?.());
    default:
      return !LEAVES.has(def.type);
  }
}
