import type { UserData } from '@servery/contract/auth';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { addDays, timingsOf } from './support/reservation.ts';
import { signInByApi, uniqueEmail } from './support/sign-in.ts';

// Issue 19: the customer's table bookings on /account, and cancelling one there.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

/** A booking made through the public form's call, a few days ahead (any clock). */
async function bookAhead(email: string, days: number, people: string) {
  const date = addDays((await timingsOf(url())).date, days);
  const { slots } = await timingsOf(url(), date);
  const time = slots[0]!;
  const answer = await fetch(`${url()}/api/booking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      date,
      time,
      number_of_people: people,
      name: 'Priya Shah',
      email,
      phone: '07700900123',
      message: '',
    }),
  });
  expect(answer.status).toBe(200);
  return { date, time };
}

const signedIn = (userData: UserData, viewport: { width: number; height: number }) =>
  openPage(product.browser, url(), {
    viewport,
    storage: { userData: JSON.stringify(userData) },
  });

describe.each(Object.entries(VIEWPORTS))('table bookings on /account (%s)', (name, viewport) => {
  it('lists the customer’s bookings and cancels one after asking', async () => {
    const email = uniqueEmail(`bookings-${name}`);
    // Signed in first: the sign-in code is then the first message to the address.
    const userData = await signInByApi(product.server, email);
    await bookAhead(email, 3, '4');
    await bookAhead(email, 5, '2');
    const { page, context, problems } = await signedIn(userData, viewport);
    await page.goto(`${url()}/account`);
    const upcoming = page.getByRole('list', { name: 'Upcoming bookings' });
    await upcoming.getByRole('listitem').nth(1).waitFor();
    expect(await upcoming.getByRole('listitem').first().textContent()).toContain(
      'Table for 4 · Confirmed',
    );
    await screenshot(page, `account-bookings-${name}`);
    expect(await accessibilityViolations(page), '/account with bookings').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    await upcoming
      .getByRole('button', { name: /Cancel the booking on/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.waitFor();
    expect(await accessibilityViolations(page), 'the cancel question').toEqual([]);
    await screenshot(page, `account-bookings-cancel-${name}`);
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByRole('status').filter({ hasText: 'Your booking is cancelled.' }).waitFor();
    await upcoming.getByText('Table for 4 · Cancelled').waitFor();
    expect(await upcoming.getByRole('button', { name: /Cancel the booking on/ }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
