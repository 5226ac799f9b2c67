// Issue 30: what tripped a customer on a 375×812 phone, each with its own check. The shop:
// checkoutShop (Test Kitchen Shoreditch, always open, delivers to E1 and collects).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { fillCart, openSignedIn } from './support/checkout.ts';
import { checkoutShop, goToCheckout, placeButton } from './support/checkout-page.ts';
import { useProduct } from './support/product.ts';
import { codeBoxes, codeSentTo, signInByApi, typeCode, uniquePhone } from './support/sign-in.ts';

const product = useProduct(checkoutShop);
const url = () => product.server.url;
const phone = { viewport: VIEWPORTS.mobile };

/** Whether the element is wholly between the sticky header and the pinned action bar. */
async function inView(page: Page, selector: string) {
  return page.evaluate((css) => {
    const element = document.querySelector(css)!;
    const box = element.getBoundingClientRect();
    const header = document.querySelector('header')!.getBoundingClientRect();
    const bar = document.querySelector('[data-testid="action-bar"]');
    const pinned = bar && getComputedStyle(bar).position === 'fixed';
    const floor = pinned ? bar.getBoundingClientRect().top : innerHeight;
    return box.top >= header.bottom && box.bottom <= Math.min(floor, innerHeight);
  }, selector);
}

/** A signed-in customer on a phone, at /payment for a collection order of two dishes. */
async function atPayment() {
  const userData = await signInByApi(product.server);
  const opened = await openSignedIn(product.browser, url(), userData, phone);
  await fillCart(opened.page, url(), { 'Onion bhajis': 3 });
  await goToCheckout(opened.page, url());
  await opened.page.getByRole('radio', { name: /^Collection/ }).check();
  const chosen = opened.page.getByTestId('chosen-time');
  await chosen.getByText(/^Collection: As soon as possible, about \d+ min$/).waitFor();
  await placeButton(opened.page).click();
  await opened.page.waitForURL(/\/payment/);
  await opened.page.getByRole('textbox', { name: 'Card number' }).waitFor();
  return opened;
}

describe('on a phone (issue 30)', () => {
  it('1. a failed payment shows its summary, and the field in focus is clear of the Pay bar', async () => {
    const { page, context } = await atPayment();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    const summary = page.getByTestId('error-summary');
    await summary.getByRole('link', { name: 'Enter the card number' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('card-card_number');
    await expect.poll(() => inView(page, '#card-card_number')).toBe(true);
    await summary.getByRole('link', { name: 'Enter the 3 or 4 digit security code' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('card-cvc');
    await expect.poll(() => inView(page, '#card-cvc')).toBe(true);
    expect(await accessibilityViolations(page), '/payment, failed').toEqual([]);

    // An expired card typed in one go: the CVC kept, the words say "expired".
    await page.getByRole('textbox', { name: 'Card number' }).fill('');
    await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('');
    await page.getByRole('textbox', { name: 'Card number' }).focus();
    await page.keyboard.type('42424242424242420120123');
    expect(await page.getByRole('textbox', { name: 'Security code (CVC)' }).inputValue()).toBe(
      '123',
    );
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await summary.getByRole('link', { name: 'Your card has expired.' }).waitFor();
    expect(await summary.textContent()).not.toContain('security code');
    await expect.poll(() => inView(page, '#card-expiry')).toBe(true);
    await screenshot(page, 'phone-payment-expired-375');
    await context.close();
  });

  it('1. a checkout that fails says so at its top, with a link to the field', async () => {
    const userData = await signInByApi(product.server);
    const { page, context } = await openSignedIn(product.browser, url(), userData, phone);
    await fillCart(page, url(), { 'Onion bhajis': 8 });
    await goToCheckout(page, url());
    await page.getByRole('radio', { name: /^Delivery/ }).check();
    await placeButton(page).click();
    const summary = page.getByTestId('error-summary');
    await summary.waitFor();
    expect(await summary.getByRole('link').count()).toBeGreaterThan(0);
    await screenshot(page, 'phone-checkout-failed-375');
    expect(await accessibilityViolations(page), '/checkout, failed').toEqual([]);
    await context.close();
  });

  it('2. the chosen time is on /payment before paying', async () => {
    const { page, context } = await atPayment();
    await page
      .getByTestId('pay-when')
      .getByText(/^Collection: As soon as possible, about \d+ min$/)
      .waitFor();
    await context.close();
  });

  it('3. signing in from "Go to checkout" comes back to the checkout', async () => {
    const { page, context } = await openPage(product.browser, url(), phone);
    await fillCart(page, url(), { 'Onion bhajis': 2 });
    await page.goto(`${url()}/cart`);
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await page.waitForURL(`${url()}/login`);
    const number = uniquePhone();
    await page.getByRole('textbox', { name: 'What’s your phone number?' }).fill(number);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${url()}/verification`);
    await typeCode(page, await codeSentTo(product.server.output, number));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${url()}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await context.close();
  });

  it('4. no "added" toast over the menu, and a toast does not follow to the next page', async () => {
    const userData = await signInByApi(product.server);
    const { page, context } = await openSignedIn(product.browser, url(), userData, phone);
    await fillCart(page, url(), { 'Onion bhajis': 3 });
    await page.getByRole('link', { name: /^View basket, 3 items/ }).waitFor();
    expect(await page.getByTestId('toast-area').getByRole('status').count()).toBe(0);

    // A toast on a phone stays over the header's strip: no heading or field under it.
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto(`${url()}/privacy`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Invite Friends' }).click();
    const shared = page.getByRole('alert').filter({ hasText: 'Sharing is not supported' });
    await shared.waitFor();
    const toast = (await shared.boundingBox())!;
    const header = (await page.locator('header').boundingBox())!;
    expect(toast.y + toast.height).toBeLessThanOrEqual(header.y + header.height);
    await screenshot(page, 'phone-toast-375');
    // The customer goes on to another page: the toast about this one stays behind.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Stores' }).click();
    await page.waitForURL(`${url()}/stores`);
    expect(await page.getByTestId('toast-area').textContent()).toBe('');
    await context.close();
  });

  it('6. a wrong code is said under the boxes, which are emptied, the first in focus', async () => {
    const { page, context } = await openPage(product.browser, url(), phone);
    const number = uniquePhone();
    await page.goto(`${url()}/login`);
    await page.getByRole('textbox', { name: 'What’s your phone number?' }).fill(number);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${url()}/verification`);
    const code = await codeSentTo(product.server.output, number);
    const wrong = code
      .split('')
      .map((d) => String((Number(d) + 1) % 10))
      .join('');
    await typeCode(page, wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    const error = page.locator('#verification-error');
    await error.getByText('That code is not right. You have 4 tries left.').waitFor();
    expect(await page.getByTestId('toast-area').textContent()).toBe('');
    expect(
      await codeBoxes(page).evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value)),
    ).toEqual(code.split('').map(() => ''));
    await expect
      .poll(() =>
        codeBoxes(page)
          .first()
          .evaluate((box) => box === document.activeElement),
      )
      .toBe(true);
    expect(await accessibilityViolations(page), '/verification, wrong code').toEqual([]);
    await screenshot(page, 'phone-wrong-code-375');
    await context.close();
  });
});
