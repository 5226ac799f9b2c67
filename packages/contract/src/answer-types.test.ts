import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue 32: one type per answer. What the API answers is a zod schema (the OpenAPI document
 * shows it, the server's serializer checks object answers against it) and its type is read from
 * that schema (`Answer<typeof Z…>` or `z.infer`), so the web cannot believe in a field the
 * server does not send. A hand-written `interface` beside a schema drifts from it: this fails
 * when one appears. The types below are not answers: they are what a rule takes or gives
 * (pricing, delivery terms, the lead time), the browser's own basket, or generic.
 */
const NOT_ANSWERS: Record<string, string> = {
  CalendarEvent: 'what an .ics file is made from (calendar-file.ts)',
  CartLine: "the browser's basket, never sent by the server",
  LeadTimeStore: 'what the lead-time rule needs of a store',
  ZoneTerms: 'what the delivery terms need of a zone (DeliveryZone has it all)',
  TermsStore: 'what the delivery terms need of a store',
  DeliveryTerms: "the delivery terms' result, worked out on both sides",
  Selection: 'the choices in one group, as a request and pricing take them',
  PricedItem: 'what pricing needs of a dish (MenuItemDetail has it all)',
  OrderTotals: "pricing's result",
  VatBand: "pricing's VAT per rate",
  LoginContact: 'the contact a sign-in sends: a request, not an answer',
  Envelope: 'generic over its data; ok(schema) in api-responses.ts is each answer’s schema',
};

const dir = new URL('.', import.meta.url);
const sources = readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(new URL(name, dir), 'utf8') }));

/** Exported types written out by hand: interfaces, and type aliases of an object literal. */
function handWritten(text: string): string[] {
  const found: string[] = [];
  for (const [, name] of text.matchAll(/^export interface (\w+)/gm)) found.push(name!);
  for (const [, name] of text.matchAll(/^export type (\w+)(?:<[^=]*>)?\s*=\s*\{/gm)) {
    found.push(name!);
  }
  return found;
}

describe("the contract's answer types", () => {
  it('are read from their schemas: no hand-written object type but the listed non-answers', () => {
    const written = sources.flatMap(({ name, text }) =>
      handWritten(text).map((type) => ({ type, file: name })),
    );
    const answers = written.filter(({ type }) => !(type in NOT_ANSWERS));
    expect(answers.map(({ type, file }) => `${file}: ${type}`)).toEqual([]);
    // The list names only what is still there, so it cannot hide a name used again later.
    expect(Object.keys(NOT_ANSWERS).sort()).toEqual(written.map(({ type }) => type).sort());
  });

  it('of the same name as a schema come from it, not from an object written beside it', () => {
    const schemas = new Set(
      sources.flatMap(({ text }) =>
        [...text.matchAll(/^export const Z(\w+) =/gm)].map((m) => m[1]!),
      ),
    );
    const wrong: string[] = [];
    for (const { name, text } of sources) {
      for (const [line, type] of text.matchAll(/^export type (\w+)(?:<[^=]*>)?\s*=[^;]*;/gm)) {
        if (schemas.has(type!) && line.includes('{') && !line.includes(`typeof Z${type}`)) {
          wrong.push(`${name}: ${type}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
