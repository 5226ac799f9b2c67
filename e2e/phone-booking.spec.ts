// Issue 30, point 9 on a 375×812 phone: UK dates and Monday weeks in the booking calendar, its
// days named as they read; a UK phone number in any common spelling; the e-mailed cancel link
// asks before it cancels; the end screen offers "Add to calendar". The shop: the demo (bookings
// on, e-mails in the server log).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import {
  bookByApi,
  bookingMailsTo,
  calendarHasFocus,
  cancelLinkIn,
  chooseDate,
  dateBox,
  dayAhead,
  fillDetails,
  openReservation,
  person,
  timeBox,
  ukDate,
} from './support/reservation.ts';

const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;
const phone = { viewport: VIEWPORTS.mobile };

describe('booking a table on a phone (issue 30)', () => {
  it('9. shows UK dates, weeks from Monday, days named as they read, and takes "+44 7700 900123"', async () => {
    const { page, context } = await openPage(product.browser, url(), phone);
    await openReservation(page, url());
    const { today, date, slots } = await dayAhead(url(), 3);
    await expect.poll(() => dateBox(page).inputValue()).toBe(ukDate(today));

    await dateBox(page).focus();
    await page.keyboard.press('Enter');
    await calendarHasFocus(page);
    const weekdays = await page.locator('.react-datepicker__day-name').allTextContents();
    expect(weekdays[0]).toMatch(/^Mo/);
    const day = Number(today.slice(8));
    const focused = page.locator('.react-datepicker__day[tabindex="0"]');
    expect((await focused.getAttribute('aria-label')) ?? '').toContain(` ${day} `);
    expect(
      await accessibilityViolations(page, ['label-content-name-mismatch']),
      'the open calendar',
    ).toEqual([]);
    expect(await accessibilityViolations(page), '/reservation, calendar open').toEqual([]);
    await page.screenshot({ path: '.tmp/screenshots/phone-booking-calendar-375.png' });
    await page.keyboard.press('Escape');

    await chooseDate(page, today, date);
    expect(await dateBox(page).inputValue()).toBe(ukDate(date));
    await timeBox(page).selectOption(slots[0]!);
    const guest = { ...person(), phone: '+44 7700 900123' };
    await fillDetails(page, guest);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `on ${ukDate(date)} at ${slots[0]} is booked` })
      .waitFor();
    await context.close();

    // The other common spellings, as the server takes them; a number that cannot be one is not.
    for (const spelling of ['07700 900124', '07700900125', '0044 (0)7700 900126']) {
      const booked = await bookByApi(url(), {
        ...person(),
        phone: spelling,
        date,
        time: slots[1]!,
      });
      expect(booked.status, spelling).toBe(200);
    }
    const wrong = await bookByApi(url(), { ...person(), phone: '0770090', date, time: slots[1]! });
    expect(wrong.status).toBe(400);
  }, 180_000);

  it('9. the e-mailed cancel link asks before it cancels', async () => {
    const { date, slots } = await dayAhead(url(), 4);
    const guest = person();
    const booked = await bookByApi(url(), { ...guest, date, time: slots[0]! });
    expect(booked.status).toBe(200);
    const [mail] = await bookingMailsTo(product.server.output, guest.email);
    const link = cancelLinkIn(mail!.text ?? '');
    const token = link.split('/').at(-1)!;
    const status = async () =>
      (
        (await (await fetch(`${url()}/api/booking/cancel/${token}`)).json()) as {
          data: { status: string };
        }
      ).data.status;

    const { page, context } = await openPage(product.browser, url(), phone);
    await page.goto(link);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const question = page.getByTestId('confirm-cancel');
    await question.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
    expect(await status()).toBe('confirmed');
    expect(await accessibilityViolations(page), 'cancel page, asking').toEqual([]);
    await screenshot(page, 'phone-booking-cancel-asks-375');

    await question.getByRole('button', { name: 'Keep my booking' }).click();
    expect(await status()).toBe('confirmed');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await question.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page
      .getByText('This booking is cancelled. The table is free for someone else.')
      .waitFor();
    expect(await status()).toBe('cancelled');
    await context.close();
  }, 120_000);

  it('9. the end screen offers "Add to calendar" and says the e-mail has the cancel link', async () => {
    const { page, context } = await openPage(product.browser, url(), phone);
    await openReservation(page, url());
    const { today, date, slots } = await dayAhead(url(), 5);
    const time = slots.at(-1)!;
    await chooseDate(page, today, date);
    await timeBox(page).selectOption(time);
    const guest = person();
    await fillDetails(page, guest);
    await page.getByRole('button', { name: 'Submit' }).click();

    // 500 ms after the answer the guest is on the home page, the booking on its card.
    const card = page.getByRole('region', { name: 'Your booking' });
    await card.waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await card.textContent()).toContain(
      'Can’t make it? The confirmation e-mail has the link to cancel your booking.',
    );
    const link = card.getByRole('link', { name: 'Add to calendar' });
    await link.scrollIntoViewIfNeeded();
    expect(await link.isVisible()).toBe(true);
    expect(await accessibilityViolations(page), 'home page with the booking card').toEqual([]);
    await screenshot(page, 'phone-booking-add-to-calendar-375');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`booking-${date}.ics`);
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const unfolded = ics.replace(/\r\n /g, '');
    const start = /\r\nDTSTART:(\d{8}T\d{6}Z)\r\n/.exec(unfolded)?.[1];
    expect(start, ics).toBeDefined();
    // The instant, read on the shop's clock, is the day and time chosen.
    const { timeZone, websiteName } = (
      (await (await fetch(`${url()}/api/loadconfig`, { method: 'POST' })).json()) as {
        data: { timeZone: string; websiteName: string };
      }
    ).data;
    const instant = new Date(
      start!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    const onShopClock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h12',
    }).format(instant);
    expect(onShopClock.toUpperCase()).toBe(`${ukDate(date)}, ${time}`);
    expect(unfolded).toContain(`\r\nSUMMARY:Table for ${guest.number_of_people} at `);
    expect(unfolded).toContain(websiteName.replace(/([,;\\])/g, '\\$1'));

    // The e-mail says "Add to calendar" for its attached file, and has the cancel link.
    const [mail] = await bookingMailsTo(product.server.output, guest.email);
    expect(mail!.text).toContain('Add to calendar: open the attached booking.ics');
    cancelLinkIn(mail!.text ?? '');
    await context.close();
  }, 180_000);
});
