import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SavedCard } from '@servery/contract/saved-cards';
import { VIEWPORTS, accessibilityViolations, screenshot } from './support/browser.ts';
import { customerCall, openSignedIn, saveAddress } from './support/checkout.ts';
import { checkoutShown } from './support/checkout-page.ts';
import { alwaysOpenDemo, closedNowDemo } from './support/phone.ts';
import { useProduct } from './support/product.ts';
import { signInByApi, uniquePhone } from './support/sign-in.ts';

// Issue 30, point 11: a reorder with a saved card on a 375×812 phone, from the order page to a
// paid order, counting taps and typed fields (as e2e/phone-journey.spec.ts counts them), with the
// stores open and closed now. The demo provider keeps the card, as Stripe would, so the flow runs
// without Stripe. Figures go in bench/RESULTS.md "Ordering on a phone".
const open = useProduct(() => ({
  env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  tenantFiles: [alwaysOpenDemo()],
}));
const closed = useProduct(() => ({
  env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  tenantFiles: [closedNowDemo()],
}));

function counter(page: Page) {
  const figures = { taps: 0, fields: 0 };
  const violations: { state: string; ids: string[] }[] = [];
  return {
    figures,
    violations,
    tap: async (target: Locator) => {
      figures.taps++;
      await target.click();
    },
    axe: async (state: string) => {
      const found = await accessibilityViolations(page);
      if (found.length) violations.push({ state, ids: found.map((v) => `${v.id}: ${v.nodes}`) });
    },
  };
}

const DISHES = ['Aloo tikki chaat', 'Lamb keema samosas (2)', 'Onion bhajis (3)'];

describe.each([
  ['open', open],
  ['closed', closed],
] as const)(
  'a reorder with a saved card on a phone, the stores %s (issue 30)',
  (state, product) => {
    it('saves the card when asked, then reorders from the order page in 4 taps, nothing typed', async () => {
      const url = product.server.url;
      const userData = await signInByApi(product.server);
      await customerCall(url, userData, '/customer', {
        method: 'POST',
        body: JSON.stringify({ first_name: 'Ada', phone: uniquePhone() }),
      });
      await saveAddress(url, userData, {
        address_line1: '1 Brick Lane',
        city: 'London',
        postcode: 'E1 6RL',
      });
      const { page, context, problems } = await openSignedIn(product.browser, url, userData, {
        viewport: VIEWPORTS.mobile,
      });
      const count = counter(page);

      // The first order: typed card, and "Save this card for next time" ticked.
      await page.goto(`${url}/menu`);
      for (const dish of DISHES) {
        await page.getByRole('button', { name: `Add ${dish} to basket` }).click();
      }
      await page.goto(`${url}/checkout`);
      await checkoutShown(page);
      await page.getByRole('button', { name: /^Continue to payment · £/ }).click();
      await page.waitForURL(/\/payment/);
      await page.getByRole('textbox', { name: 'Card number' }).focus();
      await page.keyboard.type('42424242424242421234123');
      const save = page.getByRole('checkbox', { name: /^Save this card for next time/ });
      expect(await save.isChecked()).toBe(false);
      await save.check();
      await count.axe('payment, card form with the save choice');
      if (state === 'open') await screenshot(page, 'saved-card-375-save-choice');
      await page.getByRole('button', { name: /^Pay £/ }).click();
      await page.waitForURL(/\/orders\/[\w-]+$/);
      const cards = (await customerCall<SavedCard[]>(url, userData, '/payment-methods')).body.data;
      expect(cards).toMatchObject([
        { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      ]);

      // The reorder, counted from the paid order's page.
      await page.getByRole('heading', { level: 2, name: 'Order it again' }).waitFor();
      await count.axe('order page');
      await count.tap(page.getByRole('button', { name: 'Reorder' }).first());
      await count.tap(
        page.getByTestId('reorder-outcome').getByRole('link', { name: 'Go to checkout' }),
      );
      await page.waitForURL(`${url}/checkout`);
      await checkoutShown(page);
      await count.tap(page.getByRole('button', { name: /^Continue to payment · £/ }));
      await page.waitForURL(/\/payment/);
      const payWithSaved = page.getByRole('button', { name: 'Pay with Visa •••• 4242' });
      await payWithSaved.waitFor();
      expect(await page.getByRole('radio', { name: /Visa •••• 4242/ }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Card number' }).count()).toBe(0);
      await count.axe('payment, saved card');
      if (state === 'open') await screenshot(page, 'saved-card-375-payment');
      await count.tap(payWithSaved);
      await page.waitForURL(/\/orders\/[\w-]+$/);
      await page.getByTestId('order-thanks').waitFor();
      expect(await page.getByTestId('order-payment').textContent()).toBe(
        'Card · Authorised, charged when the shop accepts',
      );
      const reorder = { ...count.figures };
      console.log(JSON.stringify({ state, reorderWithSavedCard: reorder }));
      expect(reorder.taps).toBeLessThanOrEqual(4);
      expect(reorder.fields).toBe(0);

      // The account page lists the card, and removes it when asked.
      await page.goto(`${url}/account`);
      const card = page.getByTestId('saved-card');
      await card.getByText('Visa •••• 4242').waitFor();
      expect(await card.getByText('Expires 12/34').count()).toBe(1);
      await count.axe('account page, a saved card');
      if (state === 'open') await screenshot(page, 'saved-card-375-account');
      await card.getByRole('button', { name: 'Remove Visa •••• 4242' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
      await dialog.getByRole('button', { name: 'Remove card' }).click();
      await page.getByText('You have no saved cards.', { exact: false }).waitFor();
      expect(
        (await customerCall<SavedCard[]>(url, userData, '/payment-methods')).body.data,
      ).toEqual([]);

      expect(count.violations).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }, 300_000);
  },
);
