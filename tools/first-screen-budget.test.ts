// No page's JavaScript for its first screen over 130 KB compressed (issue 33, decision 48):
// counted from the Vite build's manifest, brotli at its highest setting, gzip printed beside it.
// The build is `npm test`'s first step (scripts/test.mjs); this file reads it and never builds.
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_BUDGET_KB, firstScreenSizes } from './first-screen.mjs';

describe('first-screen JavaScript', () => {
  const sizes = firstScreenSizes();
  console.log(
    sizes
      .map((s) => `${s.page}: ${s.brotliKb} KB brotli, ${s.gzipKb} KB gzip, ${s.files} files`)
      .join('\n'),
  );

  it.each(sizes)('$page is at most the budget, brotli', ({ page, brotliKb, chunks }) => {
    // The largest chunks in the message say where to look when the budget is passed.
    const largest = chunks.slice(0, 6).map((c) => `${c.key} ${c.brotliKb} KB`);
    expect(brotliKb, `${page}'s first screen, largest: ${largest.join(', ')}`).toBeLessThanOrEqual(
      FIRST_SCREEN_BUDGET_KB,
    );
  });
});
