import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, openPage, screenshot, violationsAsScrolled } from './support/browser.ts';
import { checkoutShown } from './support/checkout-page.ts';
import { alwaysOpenDemo, closedNowDemo } from './support/phone.ts';
import { useProduct } from './support/product.ts';
import { codeSentTo, uniquePhone } from './support/sign-in.ts';

// Issue 20 "Measured", again for issue 30: a new customer on a 375×812 phone, in a fresh browser
// that asks the cookie question, from the home page to a paid delivery order, then a reorder to
// the saved address; once with the stores open and once with them closed (the order is then for
// the first time offered). Taps and typed fields are counted (functional figures, no timing);
// the figures go in bench/RESULTS.md "Ordering on a phone".
const open = useProduct(() => ({
  env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  tenantFiles: [alwaysOpenDemo()],
}));
const closed = useProduct(() => ({
  env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  tenantFiles: [closedNowDemo()],
}));
let product = open;
const url = () => product.server.url;

/** Counts what the customer does, and checks every page state it visits with axe. */
function journey(page: Page) {
  const figures = { taps: 0, fields: 0, states: [] as string[] };
  const violations: { state: string; ids: string[] }[] = [];
  return {
    figures,
    violations,
    tap: async (target: Locator) => {
      figures.taps++;
      await target.click();
    },
    type: async (target: Locator, text: string) => {
      figures.fields++;
      await target.fill(text);
    },
    axe: async (state: string) => {
      figures.states.push(state);
      const found = await violationsAsScrolled(page);
      if (found.length) violations.push({ state, ids: found.map((v) => `${v.id}: ${v.nodes}`) });
    },
    /** Screen heights scrolled so far, by the customer or to bring a target into view. */
    screens: async () =>
      Number(await page.evaluate(() => sessionStorage.getItem('e2e-scrolled') ?? '0')) / 812,
  };
}

/** Adds up every scroll movement of the window, kept across page loads of the tab. */
const SCROLL_METER = () => {
  let last = 0;
  addEventListener(
    'scroll',
    () => {
      const moved = Math.abs(scrollY - last);
      last = scrollY;
      const total = Number(sessionStorage.getItem('e2e-scrolled') ?? '0') + moved;
      sessionStorage.setItem('e2e-scrolled', String(total));
    },
    { passive: true },
  );
};

const DISHES = ['Aloo tikki chaat', 'Lamb keema samosas (2)', 'Onion bhajis (3)'];

async function payByCard(page: Page, j: ReturnType<typeof journey>) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await j.axe('payment');
  // Typed in one go, as the code's boxes are: a complete number hands the typing on to the
  // expiry, and a complete expiry to the CVC, so the three boxes count as one field.
  j.figures.fields++;
  await page.getByRole('textbox', { name: 'Card number' }).focus();
  await page.keyboard.type('42424242424242421234123');
  expect(await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).inputValue()).toBe(
    '12/34',
  );
  expect(await page.getByRole('textbox', { name: 'Security code (CVC)' }).inputValue()).toBe('123');
  await j.tap(page.getByRole('button', { name: /^Pay £/ }));
  await page.waitForURL(/\/orders\/[\w-]+$/);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await j.axe('order page, paid');
}

describe.each([
  ['open', open],
  ['closed', closed],
] as const)('ordering on a phone, the stores %s (issues 20 and 30)', (state, shop) => {
  it('counts a first delivery order and a reorder, axe clean on every page state', async () => {
    product = shop;
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: VIEWPORTS.mobile,
      consent: false,
    });
    await context.addInitScript(SCROLL_METER);
    const j = journey(page);
    const phone = uniquePhone();

    await page.goto(url());
    // A fresh browser: the cookie question first.
    const cookies = page.getByRole('dialog', { name: 'We use cookies' });
    await j.tap(cookies.getByRole('button', { name: 'Accept' }));
    await cookies.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Order now' }).waitFor();
    await j.axe('home');
    await j.tap(page.getByRole('link', { name: 'Order now' }));
    await page.getByRole('heading', { level: 2, name: 'Starters & small plates' }).waitFor();
    await j.axe('menu');
    for (const dish of DISHES) {
      await j.tap(page.getByRole('button', { name: `Add ${dish} to basket` }));
    }
    await j.axe('menu with a basket');
    await j.tap(page.getByRole('link', { name: /^View basket/ }));
    await page.getByRole('link', { name: 'Go to checkout' }).waitFor();
    await j.axe('basket');
    await j.tap(page.getByRole('link', { name: 'Go to checkout' }));

    // Not signed in yet: the code sign-in, which comes back to the checkout (issue 30).
    await page.waitForURL(`${url()}/login`);
    await j.axe('login');
    await j.type(page.getByRole('textbox', { name: 'What’s your phone number?' }), phone);
    await j.tap(page.getByRole('button', { name: 'Continue' }));
    await page.waitForURL(`${url()}/verification`);
    await j.axe('verification');
    const code = await codeSentTo(product.server.output, phone);
    j.figures.fields++;
    await page.getByRole('textbox', { name: /^Digit 1 of \d$/ }).focus();
    await page.keyboard.type(code);
    await j.tap(page.getByRole('button', { name: 'Continue' }));
    await page.waitForURL(`${url()}/checkout`);
    await checkoutShown(page);
    await j.axe('checkout');

    // The store delivers: delivery is chosen already, and the chosen time is on screen.
    const delivery = page.getByRole('radio', { name: /^Delivery/ });
    if (!(await delivery.isChecked())) await j.tap(delivery);
    await page
      .getByTestId('chosen-time')
      .getByText(/^Delivery: /)
      .waitFor();
    if (state === 'closed') await page.getByTestId('chosen-time').getByText('closed now').waitFor();
    const form = page.getByTestId('address-form');
    await j.type(form.getByRole('textbox', { name: 'Address', exact: true }), '1 Brick Lane');
    // The store's town is offered already: deliveries go near the store.
    expect(await form.getByRole('textbox', { name: 'Town or city' }).inputValue()).toBe('London');
    await j.type(form.getByRole('textbox', { name: 'Postcode' }), 'E1 6RL');
    await j.tap(form.getByRole('button', { name: 'Save and deliver here' }));
    const contact = page.getByTestId('delivery-contact');
    await j.type(contact.getByRole('textbox', { name: 'Your name' }), 'Ada');
    // Signed in by phone: the number is known already, and not typed again.
    const phoneField = contact.getByRole('textbox', { name: 'Phone number' });
    if (!(await phoneField.inputValue())) await j.type(phoneField, phone);
    await j.axe('checkout, delivery');
    await j.tap(page.getByRole('button', { name: /^Continue to payment · £/ }));
    await page.waitForURL(/\/payment/).catch(async (error: unknown) => {
      await screenshot(page, 'phone-journey-checkout');
      throw error;
    });
    await payByCard(page, j);
    const first = { taps: j.figures.taps, fields: j.figures.fields, screens: await j.screens() };
    // The card is only held (charged when the shop accepts); a closed kitchen answers once it
    // opens, not "as soon as".
    const thanks = page.getByTestId('order-thanks');
    await thanks.getByText('Thank you! Your order is placed.').waitFor();
    await thanks
      .getByText('Your card is held: you are charged only when the shop accepts your order.')
      .waitFor();
    expect(await thanks.textContent()).not.toContain('payment is received');
    expect(await thanks.textContent()).toMatch(
      state === 'closed'
        ? /has received it\. The kitchen opens (tomorrow )?at \d{1,2}:\d\d [AP]M: we will tell you when it accepts your order\.$/
        : /has received it\. We will tell you as soon as the kitchen accepts it\.$/,
    );
    await screenshot(page, `phone-journey-order-page-${state}`);

    // The reorder: the same customer comes back to the home page, the address saved.
    await page.goto(url());
    await page.getByRole('link', { name: 'Order now' }).waitFor();
    await page.evaluate(() => sessionStorage.setItem('e2e-scrolled', '0'));
    j.figures.taps = 0;
    j.figures.fields = 0;
    await j.tap(page.getByRole('button', { name: 'Open menu' }));
    await j.tap(page.getByRole('link', { name: 'Orders', exact: true }));
    await page.waitForURL(`${url()}/orders`);
    await page.getByRole('button', { name: 'Reorder' }).first().waitFor();
    await j.axe('orders');
    await j.tap(page.getByRole('button', { name: 'Reorder' }).first());
    await j.axe('orders, reordered');
    await j.tap(page.getByTestId('reorder-outcome').getByRole('link', { name: 'Go to checkout' }));
    await page.waitForURL(`${url()}/checkout`);
    await checkoutShown(page);
    await j.axe('checkout, reorder');
    await j.tap(page.getByRole('button', { name: /^Continue to payment · £/ }));
    await page.waitForURL(/\/payment/);
    await payByCard(page, j);
    const reorder = { taps: j.figures.taps, fields: j.figures.fields, screens: await j.screens() };

    console.log(JSON.stringify({ state, first, reorder, states: j.figures.states }));
    // Issue 30's goal: 12 taps (the cookie question's one included) and 6 fields; issue 20's
    // 6 taps for a reorder.
    expect(first.taps).toBeLessThanOrEqual(12);
    expect(first.fields).toBeLessThanOrEqual(6);
    expect(reorder.taps).toBeLessThanOrEqual(6);
    expect(reorder.fields).toBeLessThanOrEqual(1);
    expect(j.violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});
