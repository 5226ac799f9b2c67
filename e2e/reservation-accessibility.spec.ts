// axe on the reservation screen and the cancel page, at both viewports.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import {
  bookByApi,
  bookingMailsTo,
  cancelLinkIn,
  dateBox,
  dayAhead,
  openReservation,
  person,
} from './support/reservation.ts';

// The demo shop takes bookings; its e-mails go to the server log at info level. This file
// makes one booking, through the API.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

/** A booking made through the API, for the pages that show one. */
let bookedLink: Promise<string> | null = null;
function someBooking() {
  bookedLink ??= (async () => {
    const { date, slots } = await dayAhead(url(), 6);
    const guest = { ...person(), date, time: slots[0]!, number_of_people: '10+' };
    const answer = await bookByApi(url(), guest);
    if (answer.status !== 200) throw new Error(`booking answered ${answer.status}`);
    const [mail] = await bookingMailsTo(product.server.output, guest.email);
    return cancelLinkIn(mail!.text);
  })();
  return bookedLink;
}

describe.each(Object.entries(VIEWPORTS))('accessibility (%s)', (name, viewport) => {
  it('the reservation screen: empty, with its messages, and with the calendar open', async () => {
    const { page, context } = await openPage(product.browser, url(), { viewport });
    await openReservation(page, url());
    await screenshot(page, `reservation-${name}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Name is required').waitFor();
    await screenshot(page, `reservation-errors-${name}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dateBox(page).press('Enter');
    await page.locator('.react-datepicker__day[tabindex="0"]').waitFor();
    await screenshot(page, `reservation-calendar-${name}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('the cancel page, for a booking and for a link to none', async () => {
    const link = await someBooking();
    const { page, context } = await openPage(product.browser, url(), { viewport });
    await page.goto(link);
    await page.getByRole('button', { name: 'Cancel booking' }).waitFor();
    expect(await page.locator('main dl').textContent()).toContain('Requested');
    await screenshot(page, `reservation-cancel-${name}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto(`${url()}/reservation/cancel/${randomBytes(32).toString('base64url')}`);
    await page.getByRole('heading', { name: 'Booking not found' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
