/**
 * One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180), and a
 * leading =, +, -, @, tab or carriage return kept as text with an apostrophe, since a
 * spreadsheet would run it as a formula (the server's lib/spreadsheet-csv.ts does the same). A
 * plain number (-5, +447700900555) holds no formula and is left alone.
 */
export function csvField(value: string | number): string {
  const text = String(value);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text);
  const safe = formula ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows (the first one the headings) as a CSV file's text, CRLF line ends. */
export function csvOf(rows: (string | number)[][]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
