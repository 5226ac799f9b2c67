import { describe, expect, it } from 'vitest';
import { useProduct } from './support/product.ts';
import { customerCall, openSignedIn } from './support/checkout.ts';
import { signInByApi } from './support/sign-in.ts';

const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

describe('saved addresses on /account', () => {
  it('adds, edits, makes default and deletes, with the server’s message on delete', async () => {
    const userData = await signInByApi(product.server);
    const { page, context, problems } = await openSignedIn(product.browser, url(), userData);
    await page.goto(`${url()}/account`);
    const section = page.getByRole('region', { name: 'Saved addresses' });
    await section.getByText('You have no saved addresses yet.', { exact: false }).waitFor();

    // Add: the contract's rules first, on the fields.
    await section.getByRole('button', { name: 'Add an address' }).click();
    const form = section.getByRole('form', { name: 'Add an address' });
    await expect
      .poll(() =>
        form
          .getByRole('heading', { name: 'Add an address' })
          .evaluate((h) => h === document.activeElement),
      )
      .toBe(true);
    await form.getByRole('button', { name: 'Add address' }).click();
    await form.getByText('Address is required').waitFor();
    await form.getByText('Town or city is required').waitFor();
    await form.getByText('Postcode is required').waitFor();
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Fournier Street');
    await form.getByRole('textbox', { name: 'Town or city' }).fill('London');
    await form.getByRole('textbox', { name: 'Postcode' }).fill('e16qe');
    await form.getByRole('textbox', { name: 'Name this address (optional)' }).fill('Home');
    await form.getByRole('button', { name: 'Add address' }).click();
    await page.getByRole('status').filter({ hasText: 'Address added.' }).waitFor();
    const home = section.getByTestId('saved-address').filter({ hasText: 'Home' });
    await home.getByText('12 Fournier Street, London E1 6QE').waitFor();
    // The first address is the default.
    await home.getByText('Default', { exact: true }).waitFor();

    await section.getByRole('button', { name: 'Add an address' }).click();
    const second = section.getByRole('form', { name: 'Add an address' });
    await second.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Canada Square');
    await second.getByRole('textbox', { name: 'Town or city' }).fill('London');
    await second.getByRole('textbox', { name: 'Postcode' }).fill('E14 5AB');
    await second.getByRole('textbox', { name: 'Name this address (optional)' }).fill('Work');
    await second.getByRole('button', { name: 'Add address' }).click();
    const work = section.getByTestId('saved-address').filter({ hasText: 'Work' });
    await work.waitFor();

    // Edit.
    await work.getByRole('button', { name: 'Edit Work' }).click();
    const edit = work.getByRole('form', { name: 'Edit Work' });
    await edit
      .getByRole('textbox', { name: 'Delivery instructions (optional)' })
      .fill('Reception desk');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('status').filter({ hasText: 'Address updated.' }).waitFor();
    await work.getByText('Instructions: Reception desk').waitFor();

    // Default moves.
    await work.getByRole('button', { name: 'Make Work my default address' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Work is now your default address.' })
      .waitFor();
    await work.getByText('Default', { exact: true }).waitFor();
    await expect.poll(() => home.getByText('Default', { exact: true }).count()).toBe(0);

    // Delete asks first; the server's message is the success toast (product.md §8).
    await home.getByRole('button', { name: 'Delete Home' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
    await dialog.getByText('12 Fournier Street, London E1 6QE').waitFor();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await home.getByRole('button', { name: 'Delete Home' }).click();
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await page.getByRole('status').filter({ hasText: 'Address deleted.' }).waitFor();
    await expect.poll(() => section.getByTestId('saved-address').count()).toBe(1);

    const saved = await customerCall<
      { label: string; is_default: boolean; instructions: string }[]
    >(url(), userData, '/customer-addresses');
    expect(saved.body.data).toMatchObject([
      { label: 'Work', is_default: true, instructions: 'Reception desk' },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
