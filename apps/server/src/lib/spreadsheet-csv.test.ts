import { describe, expect, it } from 'vitest';
import { spreadsheetCsv, spreadsheetText } from './spreadsheet-csv.ts';

describe('spreadsheetText', () => {
  it('keeps a formula as text with a leading apostrophe', () => {
    for (const cell of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', '＝1']) {
      expect(spreadsheetText(cell), cell).toBe(`'${cell}`);
    }
  });

  it('leaves ordinary text and plain numbers alone', () => {
    for (const cell of ['Mina Patel', '-5.00', '+447700900555', '21.90', 'a=b', '']) {
      expect(spreadsheetText(cell), cell).toBe(cell);
    }
  });
});

describe('spreadsheetCsv', () => {
  it('quotes as RFC 4180 after the apostrophe', () => {
    expect(spreadsheetCsv([['=HYPERLINK("http://x","y")', 2]])).toBe(
      `"'=HYPERLINK(""http://x"",""y"")",2\n`,
    );
  });

  it('escapes the cells of objects with a header row', () => {
    expect(spreadsheetCsv([{ name: '@x', n: 1 }], { header: true })).toBe("name,n\n'@x,1\n");
  });
});
