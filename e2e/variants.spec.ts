import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { demoVariant } from './support/server.ts';

// The demo shop, closed, imported through the real CLI.
const product = useProduct(() => ({
  env: { SEED_DEMO: 'false' },
  tenantFiles: [
    demoVariant((doc) => {
      doc.config.IsShopClosed = 1;
      doc.config.ShopClosedMessage = 'Closed for Diwali, back on Monday at 11:30 AM.';
    }),
  ],
}));
describe('the shop-closed dialog', () => {
  it('shows the message when IsShopClosed is 1, and OK dismisses it', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.goto(`${product.server.url}/terms`);
    const dialog = page.getByRole('dialog', { name: "We're currently closed" });
    await dialog.waitFor();
    expect(await dialog.getByText('Closed for Diwali, back on Monday at 11:30 AM.').count()).toBe(
      1,
    );
    await screenshot(page, 'shop-closed');
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('closes on Escape too', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.goto(`${product.server.url}/terms`);
    const dialog = page.getByRole('dialog', { name: "We're currently closed" });
    await dialog.waitFor();
    // The dialog takes focus as it opens (its OK button); Escape then closes it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('OK');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('the reservation-variant host (%s)', (name, viewport) => {
  it('gets the reservation root application and the footer with hours and actions', async () => {
    const bookUrl = product.server.url.replace('localhost', 'book.localhost');
    const { page, context } = await openPage(product.browser, bookUrl, { viewport });
    await page.goto(`${bookUrl}/`);
    await page
      .getByRole('dialog', { name: "We're currently closed" })
      .getByRole('button', { name: 'OK' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Book a table at Tandoor Lane' }).waitFor();
    expect(await page.getByRole('link', { name: 'Make a reservation' }).getAttribute('href')).toBe(
      '/reservation',
    );
    // Below the hero (where the footer's top part is hidden on the home page), what a guest
    // booking a table needs: the booking hours, where the restaurant is and its number.
    const band = page.getByRole('region', { name: 'Booking hours' });
    await band.getByText('12:00 PM - 9:00 PM').waitFor();
    await page.getByRole('region', { name: 'Find us' }).getByText('Get directions').waitFor();
    expect(
      await page
        .getByRole('region', { name: 'Call us' })
        .getByRole('link', { name: '020 7946 0321' })
        .getAttribute('href'),
    ).toBe('tel:02079460321');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, `reservation-home-${name}`);

    // Dismissed once, the closed dialog stays closed for the rest of the visit.
    await page.goto(`${bookUrl}/terms`);
    await page.getByTestId('reservation-footer').waitFor();
    await page.waitForTimeout(500); // the configuration has long arrived: no dialog comes
    expect(await page.getByRole('dialog', { name: "We're currently closed" }).count()).toBe(0);
    const extras = page.getByTestId('reservation-footer');
    // The hours a table can be booked for (the demo's booking.hours), not the takeaway's opening
    // hours; Monday has no lunch sitting, so each weekday has its row.
    await extras.getByRole('heading', { name: 'Booking hours' }).waitFor();
    const hours = await extras.locator('dt').allTextContents();
    expect(hours).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(await extras.locator('dd').allTextContents()).toEqual([
      '5:30 PM - 10:00 PM',
      '12:00 PM - 2:30 PM, 5:30 PM - 10:00 PM',
      '12:00 PM - 2:30 PM, 5:30 PM - 10:00 PM',
      '12:00 PM - 2:30 PM, 5:30 PM - 10:00 PM',
      '12:00 PM - 2:30 PM, 5:30 PM - 11:00 PM',
      '12:00 PM - 11:00 PM',
      '12:00 PM - 9:00 PM',
    ]);
    expect(
      await extras.getByRole('link', { name: 'hello@tandoorlane.example' }).getAttribute('href'),
    ).toBe('mailto:hello@tandoorlane.example');
    expect(
      await extras
        .getByRole('link', { name: 'tandoorlane.example', exact: true })
        .getAttribute('href'),
    ).toBe('https://tandoorlane.example');
    expect(
      await extras.getByRole('link', { name: 'Get Directions' }).getAttribute('href'),
    ).toContain('google.com/maps');
    expect(await extras.getByRole('link', { name: 'Call Now' }).getAttribute('href')).toBe(
      'tel:02079460321',
    );
    expect(await extras.getByRole('link', { name: 'Order Online' }).getAttribute('href')).toBe(
      '/menu',
    );
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await screenshot(page, `reservation-site-${name}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
