import { stringify, type Input, type Options } from 'csv-stringify/sync';

/** What a spreadsheet would run as a formula when a cell starts with it (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain number (a refund shown as -5.00, a phone as +447700900555): no formula can hide in it. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One cell of text as a spreadsheet should show it: a leading = + - @ tab or carriage return
 * gets an apostrophe before it, so "=HYPERLINK(...)" in a customer's name stays text when the
 * owner opens the file. A plain number is left alone.
 */
export function spreadsheetText(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * CSV for people to open in a spreadsheet (csv-stringify, RFC 4180 quoting), every text cell
 * through `spreadsheetText`. Every CSV export of the back office goes through here.
 */
export function spreadsheetCsv(rows: Input, options: Options = {}): string {
  return stringify(rows, { ...options, cast: { ...options.cast, string: spreadsheetText } });
}
