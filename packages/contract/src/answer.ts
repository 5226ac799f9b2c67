import type { z } from 'zod';

/**
 * The type of an answer, read from its schema (issue 32: one shape per answer). Answers are
 * `looseObject`s, so that a field added later is not dropped on the way out; their inferred
 * type would accept any key (`[k: string]: unknown`), which this drops, at every depth, keeping
 * records such as `errors`.
 */
export type Answer<S extends z.ZodType> = Known<z.output<S>>;

type Known<T> = T extends readonly (infer U)[]
  ? Known<U>[]
  : T extends object
    ? { [K in keyof T as string extends K ? (unknown extends T[K] ? never : K) : K]: Known<T[K]> }
    : T;
