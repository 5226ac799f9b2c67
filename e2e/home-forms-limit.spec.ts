import { describe, expect, it } from 'vitest';
import { openHomeForms } from './support/home.ts';
import { useProduct } from './support/product.ts';

// A server of its own: the visitor spends the newsletter's subscriptions (five per 10 minutes
// from one address), which the other home-form tests must still have, in any order.
const product = useProduct();

describe('the newsletter form', () => {
  it('shows the server’s message when the visitor is rate-limited', async () => {
    const { page, context } = await openHomeForms(product.browser, product.server.url);
    const email = page.getByRole('textbox', { name: 'Email' }).first();
    for (let i = 0; i < 5; i++) {
      await email.fill(`limit-${i}@example.com`);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect.poll(() => email.inputValue()).toBe('');
    }
    await email.fill('one-too-many@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Too many requests\. Please try again in \d+ seconds\./ })
      .waitFor();
    await context.close();
  });
});
