import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/**
 * The web app's forms say a zod refusal in plain words (walk2 item 12): "Enter 0 or more", not
 * "Too small: expected number to be >=0". A message a schema gives itself ("Give it a name",
 * "Use whole pence…") still wins; this map words only what zod would say in a developer's terms.
 * Money is typed in pounds and pence everywhere (lib/pounds.ts) while the contract counts pence,
 * so a form names its money fields in `pounds`: their limits are said in pounds, and what is not
 * an amount (penceOf's NaN) is asked for again with an example.
 */
export interface PlainWordsOptions {
  /** Field names (the last name in a path: `fee` for `zones.2.fee`) typed in pounds. */
  pounds?: readonly string[];
}

/** What a money field says when what was typed is not an amount of money. */
export const NOT_AN_AMOUNT = 'Enter an amount such as 8.95';

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const money = (pence: number) => POUNDS.format(pence / 100);

/** The zod error map of the web app's forms. */
export function plainWords(options: PlainWordsOptions = {}) {
  return (issue: z.$ZodRawIssue): string | undefined => {
    const field = [...(issue.path ?? [])].reverse().find((key) => typeof key === 'string');
    const pounds = typeof field === 'string' && Boolean(options.pounds?.includes(field));
    const amount = (limit: number | bigint) =>
      pounds ? money(Number(limit)) : String(Number(limit));
    switch (issue.code) {
      case 'invalid_type':
        if (pounds && (issue.expected === 'number' || issue.expected === 'int'))
          return NOT_AN_AMOUNT;
        if (issue.expected === 'int' && typeof issue.input === 'number' && !isNaN(issue.input))
          return 'Enter a whole number';
        if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint')
          return 'Enter a number';
        if (issue.input === undefined || issue.input === null || issue.input === '')
          return 'Fill this in';
        return 'Check this value';
      case 'too_small':
        if (issue.origin === 'string')
          return Number(issue.minimum) <= 1
            ? 'Fill this in'
            : `At least ${Number(issue.minimum)} characters`;
        if (issue.origin === 'array' || issue.origin === 'set')
          return `Choose at least ${Number(issue.minimum)}`;
        if (issue.inclusive === false) return `Enter more than ${amount(issue.minimum)}`;
        return Number(issue.minimum) === 0
          ? 'Enter 0 or more'
          : `Enter ${amount(issue.minimum)} or more`;
      case 'too_big':
        if (issue.origin === 'string') return `At most ${Number(issue.maximum)} characters`;
        if (issue.origin === 'array' || issue.origin === 'set')
          return `Choose at most ${Number(issue.maximum)}`;
        if (issue.inclusive === false) return `Enter less than ${amount(issue.maximum)}`;
        return `At most ${amount(issue.maximum)}`;
      case 'invalid_format':
        return issue.format === 'email' ? 'Enter an e-mail address' : 'Check this value';
      case 'not_multiple_of':
        return Number(issue.divisor) === 1
          ? 'Enter a whole number'
          : `Enter a multiple of ${Number(issue.divisor)}`;
      case 'invalid_value':
      case 'invalid_union':
      case 'invalid_key':
      case 'invalid_element':
        return 'Choose one of the options';
      default:
        return undefined;
    }
  };
}

/**
 * react-hook-form's resolver over a zod schema, in plain words: the one every form of the web
 * app uses (docs/decisions/0045: a form is a schema).
 */
export function formResolver<Input extends FieldValues, Output>(
  schema: z.$ZodType<Output, Input>,
  options?: PlainWordsOptions,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema as never, { error: plainWords(options) }) as unknown as Resolver<
    Input,
    unknown,
    Output
  >;
}
