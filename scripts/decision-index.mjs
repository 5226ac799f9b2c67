// node scripts/decision-index.mjs: writes the table of docs/decisions/README.md from the records'
// own titles and Status lines, so the index cannot drift from the records.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';

const dir = join(import.meta.dirname, '..', 'docs', 'decisions');
const rows = readdirSync(dir)
  .filter((name) => /^\d{4}-.*\.md$/.test(name))
  .sort()
  .map((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const title = /^# (\d+)\. (.+)$/m.exec(text);
    if (!title) throw new Error(`${name}: the first line must be "# N. Title"`);
    // The status: its paragraph (it may wrap) up to the first full stop.
    const paragraph = /^Status: ([\s\S]+?)(?:\n\n|(?![\s\S]))/m.exec(text)?.[1] ?? '';
    const status = paragraph.replace(/\s+/g, ' ').split(/\. /)[0].replace(/\.$/, '');
    return `| [${Number(title[1])}](${name}) | ${title[2]} | ${status} |`;
  });
const readme = join(dir, 'README.md');
const text = readFileSync(readme, 'utf8');
const head = text.slice(0, text.indexOf('| #'));
// Written as prettier lays it out, so `npm run lint` passes without another step.
const table = `${head}| # | Decision | Status |\n| --- | --- | --- |\n${rows.join('\n')}\n`;
const options = { ...(await prettier.resolveConfig(readme)), filepath: readme };
writeFileSync(readme, await prettier.format(table, options));
console.log(`docs/decisions/README.md: ${rows.length} records`);
