/**
 * One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180), and a
 * leading =, +, - or @ kept as text, since a spreadsheet would run it as a formula.
 */
export function csvField(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows (the first one the headings) as a CSV file's text, CRLF line ends. */
export function csvOf(rows: (string | number)[][]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
