// The reservation form: the date and the time it offers, and its messages.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import {
  addDays,
  boxDate,
  calendarHasFocus,
  chooseDate,
  dateBox,
  openReservation,
  timeBox,
  timingsOf,
} from './support/reservation.ts';

// The demo shop takes bookings (lunch and dinner, 30-minute steps, 60 days). This file books
// nothing.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

describe('the date and the time', () => {
  it('starts on today with its first remaining slot; another day clears the time', async () => {
    const { page, context } = await openPage(product.browser, url(), {
      viewport: VIEWPORTS.mobile,
    });
    await openReservation(page, url());
    const today = (await timingsOf(url())).date;
    expect(await dateBox(page).inputValue()).toBe(boxDate(today));
    expect(await dateBox(page).getAttribute('readonly')).not.toBeNull();
    expect(await dateBox(page).getAttribute('placeholder')).toBe('Select Date');
    // London's clock decides what is left today (late in the evening, nothing may be).
    const firstToday = async () => (await timingsOf(url(), today)).slots[0] ?? '';
    await expect
      .poll(async () => (await timeBox(page).inputValue()) === (await firstToday()))
      .toBe(true);
    if ((await firstToday()) === '') {
      await page
        .getByText('There are no more times to book today. Please choose another date.')
        .waitFor();
    }

    const tomorrow = addDays(today, 1);
    await chooseDate(page, today, tomorrow);
    expect(await timeBox(page).inputValue()).toBe('');
    const offered = (await timingsOf(url(), tomorrow)).slots;
    await expect
      .poll(() => timeBox(page).locator('option').allTextContents())
      .toEqual(['Pick a Time', ...offered]);
    await timeBox(page).selectOption(offered.at(-1)!);

    // Back to today: its first remaining slot again.
    await chooseDate(page, tomorrow, today);
    await expect
      .poll(async () => (await timeBox(page).inputValue()) === (await firstToday()))
      .toBe(true);
    await context.close();
  });

  it('keeps the calendar between today and today plus the days the shop allows', async () => {
    const { page, context } = await openPage(product.browser, url());
    await openReservation(page, url());
    const { date: today, booking_days_allowed } = await timingsOf(url());
    // Before today: the calendar does not move.
    await dateBox(page).press('Enter');
    await calendarHasFocus(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    expect(await dateBox(page).inputValue()).toBe(boxDate(today));
    // Three months on: it stops at the last bookable day.
    await dateBox(page).press('Space');
    await calendarHasFocus(page);
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dateBox(page).inputValue())
      .toBe(boxDate(addDays(today, booking_days_allowed)));
    // Escape closes the calendar and gives focus back to the date box.
    await dateBox(page).press('ArrowDown');
    await calendarHasFocus(page);
    await page.keyboard.press('Escape');
    await page.locator('.react-datepicker__month').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('reservation-date');
    await context.close();
  });
});

describe('the form’s messages (product.md §5)', () => {
  it('shows none before the first submit, then every rule’s message on its field', async () => {
    const { page, context } = await openPage(product.browser, url());
    let posts = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/booking') && posts++);
    await openReservation(page, url());
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('priya@example');
    await email.press('Tab');
    expect(await page.getByText('Enter a valid email').count()).toBe(0);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);

    // Another day leaves the time empty.
    const today = (await timingsOf(url())).date;
    await chooseDate(page, today, addDays(today, 2));
    // That day's times have arrived: the time box is disabled while they load, and a disabled
    // box cannot take the focus the test expects below.
    await expect.poll(() => page.locator('#reservation-time').isEnabled()).toBe(true);
    await email.fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    const messageOn = async (field: string, message: string) => {
      const box = page.locator(`#reservation-${field}`);
      await page.getByText(message, { exact: true }).waitFor();
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      const errorId = await page.getByText(message, { exact: true }).getAttribute('id');
      expect((await box.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    };
    await messageOn('time', 'Time is required');
    await messageOn('people', 'Number of people is required');
    await messageOn('name', 'Name is required');
    await messageOn('email', 'Email is required');
    await messageOn('phone', 'Phone number is required');
    // Focus goes to the first field in error.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reservation-time');

    await email.fill('priya@example');
    await messageOn('email', 'Enter a valid email');
    const phone = page.getByRole('textbox', { name: 'Phone' });
    expect(await phone.getAttribute('type')).toBe('tel');
    // A UK number in any common spelling is taken (issue 30): no 11-character cap.
    expect(await phone.getAttribute('maxlength')).toBeNull();
    await phone.fill('0770090');
    await messageOn('phone', 'Enter a UK phone number, such as 07700 900123');
    await page.getByRole('textbox', { name: 'Message (optional)' }).fill('x'.repeat(201));
    await page.getByText('201 / 200 characters').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await messageOn('message', 'Message should be less than 200 characters');
    expect(posts).toBe(0);
    await screenshot(page, 'reservation-messages');
    await context.close();
  });
});

describe('the first frame', () => {
  it('draws the heading from the main bundle and fetches the form’s code after it', async () => {
    const { page } = await openPage(product.browser, url(), { viewport: VIEWPORTS.mobile });
    // When the heading first appears, and whether the form was there with it.
    await page.addInitScript(() => {
      const seen: { heading?: number; formWithHeading?: boolean } = {};
      Object.assign(window, { firstFrame_: seen });
      new MutationObserver(() => {
        if (seen.heading === undefined && document.querySelector('#reservation-title')) {
          seen.heading = performance.now();
          seen.formWithHeading = document.querySelector('#reservation-time') !== null;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await openReservation(page, url());
    const frame = await page.evaluate(() => {
      const seen = (
        window as unknown as { firstFrame_: { heading: number; formWithHeading: boolean } }
      ).firstFrame_;
      const paint = performance.getEntriesByName('first-contentful-paint')[0]!;
      const chunk = performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/reservation-page-[\w-]+\.js$/.test(entry.name));
      return { ...seen, paint: paint.startTime, chunk: chunk?.startTime };
    });
    expect(frame.formWithHeading).toBe(false);
    expect(frame.chunk, JSON.stringify(frame)).toBeGreaterThan(frame.heading);
    expect(frame.chunk, JSON.stringify(frame)).toBeGreaterThanOrEqual(frame.paint);
  });
});
