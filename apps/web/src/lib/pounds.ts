/**
 * Money typed in the back office's forms: people type pounds and pence ("8.95"), the contract
 * counts whole pence (895). Every form with a money field converts with these two, in its own
 * schema, and names the field in formResolver's `pounds` option, so that what is not an amount
 * is refused in plain words on the field (plain-words.ts) by the contract's own schema.
 */

/**
 * An amount as people write it: "8.95", "8.9", "8", ".50", "1,250.00", with a currency sign
 * ("£8.95") and a minus ("-0.50", "-£0.50") allowed. Commas only group thousands, so "12,50" is
 * not read as twelve pounds fifty (nor as 1,250).
 */
const AMOUNT = /^(-?)(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/;

/**
 * Whole pence for what was typed in pounds; `blank` when nothing was typed (0 for a fee that may
 * be left empty). NaN for anything that is not an amount ("abc", "8.999", "12,50", and a blank
 * without a `blank`): the contract's number schema refuses NaN, and plain-words says so in the
 * field's words.
 */
export function penceOf(typed: string, blank = Number.NaN): number {
  const text = typed.replace(/\s/g, '').replace(/^(-?)\p{Sc}/u, '$1');
  if (text === '') return blank;
  const match = AMOUNT.exec(text);
  if (!match || (match[2] === '' && !match[3])) return Number.NaN;
  const [, minus, pounds, pence = ''] = match;
  const amount = Number(pounds!.replaceAll(',', '') || '0') * 100 + Number(pence.padEnd(2, '0'));
  return minus && amount !== 0 ? -amount : amount;
}

/** Pence as a money field shows them: 895 → "8.95", 0 → "0.00", -50 → "-0.50". */
export const poundsOf = (pence: number) => (pence / 100).toFixed(2);
