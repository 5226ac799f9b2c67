// Issue 30, points 5 and 10 on a 375×812 phone: an address outside every delivery zone is
// refused before it is saved, with collection offered; a collection asks for a name and a
// phone. The shop: checkoutShop (Shoreditch delivers to E1; Soho, closed, to W1D).
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, screenshot } from './support/browser.ts';
import { TEST_STORES } from './support/catalogue.ts';
import {
  customerCall,
  fillCart,
  openSignedIn,
  saveAddress,
  storeNamed,
} from './support/checkout.ts';
import { checkoutShop, goToCheckout, placeButton } from './support/checkout-page.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

const product = useProduct(checkoutShop);
const url = () => product.server.url;
const phone = { viewport: VIEWPORTS.mobile };

describe('checking out on a phone (issue 30)', () => {
  it('5. refuses an address outside every zone before saving it, and offers collection', async () => {
    const userData = await signInByApi(product.server);
    const { page, context } = await openSignedIn(product.browser, url(), userData, phone);
    await fillCart(page, url(), { 'Onion bhajis': 4 });
    await goToCheckout(page, url());
    await page.getByRole('radio', { name: /^Delivery/ }).check();
    const form = page.getByTestId('address-form');
    await form.getByRole('heading', { level: 2, name: 'New delivery address' }).waitFor();
    // The new-address form open: the headings go h1, h2 (axe heading-order).
    expect(await accessibilityViolations(page), 'checkout, new address').toEqual([]);

    let saves = 0;
    page.on('request', (r) => r.url().endsWith('/api/customer-addresses') && saves++);
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('10 Downing Street');
    await form.getByRole('textbox', { name: 'Town or city' }).fill('London');
    await form.getByRole('textbox', { name: 'Postcode' }).fill('sw1a 2aa');
    await form.getByRole('button', { name: 'Save and deliver here' }).click();
    const refusal = `${TEST_STORES.shoreditch} does not deliver to SW1A. You can collect your order instead.`;
    await form.getByText(refusal).waitFor();
    const postcode = form.getByRole('textbox', { name: 'Postcode' });
    expect(await postcode.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => postcode.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(saves).toBe(0);
    expect(await accessibilityViolations(page), 'checkout, refused address').toEqual([]);
    await screenshot(page, 'phone-address-refused-375');

    // The server refuses it too, whoever asks.
    const asked = await customerCall(url(), userData, '/customer-addresses', {
      method: 'POST',
      body: JSON.stringify({
        address_line1: '10 Downing Street',
        city: 'London',
        postcode: 'SW1A 2AA',
      }),
    });
    expect(asked.status).toBe(422);
    expect(asked.body.message).toBe(
      'We do not deliver to SW1A. You can collect your order instead.',
    );
    const saved = await customerCall<unknown[]>(url(), userData, '/customer-addresses');
    expect(saved.body.data).toEqual([]);

    // One tap switches the order to collection.
    await form.getByRole('button', { name: 'Collect instead' }).click();
    const collection = page.getByRole('radio', { name: /^Collection/ });
    await expect.poll(() => collection.isChecked()).toBe(true);
    await expect.poll(() => collection.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('heading', { name: 'Collect from' }).waitFor();
    await context.close();
  });

  it('5. never preselects an address the store does not deliver to, even one remembered', async () => {
    const userData = await signInByApi(product.server);
    // In the shop's area (Soho's W1D), not Shoreditch's; the default, and remembered as chosen.
    const greek = await saveAddress(url(), userData, {
      address_line1: '20 Greek Street',
      city: 'London',
      postcode: 'W1D 4DU',
    });
    const { page, context } = await openSignedIn(product.browser, url(), userData, phone);
    await fillCart(page, url(), { 'Onion bhajis': 4 });
    await page.evaluate((id) => {
      localStorage.setItem('selectedAdress', JSON.stringify({ id, postcode: 'W1D 4DU' }));
    }, greek.id);
    await goToCheckout(page, url());
    await page.getByRole('radio', { name: /^Delivery/ }).check();
    const choice = page.getByRole('radio', { name: /20 Greek Street/ });
    await choice.waitFor();
    await page.getByText(`${TEST_STORES.shoreditch} does not deliver to W1D.`).waitFor();
    expect(await choice.isChecked()).toBe(false);
    await context.close();
  });

  it('10. a collection asks for a name and a phone: typed when the profile lacks them, kept after', async () => {
    // Signed in by e-mail: no name, no phone on the profile.
    const userData = await signInByApi(product.server, undefined, { profile: false });
    const { page, context } = await openSignedIn(product.browser, url(), userData, phone);
    await fillCart(page, url(), { 'Onion bhajis': 3 });
    await goToCheckout(page, url());
    await page.getByRole('radio', { name: /^Collection/ }).check();
    const contact = page.getByTestId('delivery-contact');
    await contact.getByText('Who is collecting').waitFor();
    const name = contact.getByRole('textbox', { name: 'Your name' });
    const number = contact.getByRole('textbox', { name: 'Phone number' });
    expect(await name.inputValue()).toBe('');
    await placeButton(page).click();
    await contact.getByText('Enter your name for the collection').waitFor();
    await contact.getByText('Enter a phone number for the collection').waitFor();
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await accessibilityViolations(page), 'checkout, collection contact').toEqual([]);
    await screenshot(page, 'phone-collection-contact-375');

    await name.fill('Ana Silva');
    await number.fill('07700 900123');
    await placeButton(page).click();
    await page.waitForURL(/\/payment/);
    const profile = await customerCall<{ first_name: string; last_name: string; phone: string }>(
      url(),
      userData,
      '/customer',
    );
    // The whole name reaches the profile's two fields, which the desk and the ticket join.
    expect(profile.body.data).toMatchObject({
      first_name: 'Ana',
      last_name: 'Silva',
      phone: '07700900123',
    });

    // The next collection has them filled in from the profile.
    await goToCheckout(page, url());
    await page.getByRole('radio', { name: /^Collection/ }).check();
    await expect.poll(() => name.inputValue()).toBe('Ana Silva');
    await expect.poll(() => number.inputValue()).toBe('07700900123');
    await context.close();
  });

  it('collection paused from the Service screen: the menu says it once, the checkout in the same words', async () => {
    const store = await storeNamed(url(), TEST_STORES.shoreditch);
    const desk = await openSignedIn(product.browser, url(), await signInByApi(product.server));
    await signInToAdmin(desk.page, product.server, DEMO_OWNER);
    const pauses = `${url()}/api/admin/stores/${store.id}/pause`;
    const paused = await desk.page.request.post(pauses, {
      data: { order_types: ['collection'], minutes: 30 },
      headers: { origin: url() },
    });
    expect(paused.status()).toBe(200);
    try {
      const userData = await signInByApi(product.server);
      const { page, context } = await openSignedIn(product.browser, url(), userData, phone);
      await fillCart(page, url(), { 'Onion bhajis': 3 });
      const said =
        /^Collection is paused until (.* at )?\d{1,2}:\d\d [AP]M\. Please try again then\.$/;
      const note = page.getByTestId('pause-note');
      expect(await note.textContent()).toMatch(said);
      expect(await page.getByText(/paused until/).count()).toBe(1);
      expect(await accessibilityViolations(page), 'menu, collection paused').toEqual([]);
      await screenshot(page, 'phone-menu-paused-375');

      await goToCheckout(page, url());
      await page.getByRole('radio', { name: /^Collection/ }).check();
      const times = page.getByTestId('no-times');
      await expect.poll(() => times.textContent()).toMatch(said);
      // The rule above the button says the same, and nothing says "no times left".
      const rule = page.getByTestId('checkout-problems');
      expect(await rule.getByText(said).count()).toBe(1);
      expect(await page.getByText(/no times left/).count()).toBe(0);
      expect(await accessibilityViolations(page), 'checkout, collection paused').toEqual([]);
      await screenshot(page, 'phone-checkout-paused-375');
      await context.close();
    } finally {
      await desk.page.request.delete(pauses, { headers: { origin: url() } });
      await desk.context.close();
    }
  });
});
