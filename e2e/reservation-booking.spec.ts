// Booking a table: from the reservation site to the e-mail's cancel link, one booking for a
// double click, a time that fills up meanwhile; a cancel link to no booking; a shop that takes
// no bookings.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import {
  bookByApi,
  bookingMailsTo,
  boxDate,
  cancelLinkIn,
  chooseDate,
  dateBox,
  dayAhead,
  fillDetails,
  openReservation,
  peopleBox,
  person,
  timeBox,
  ukDate,
} from './support/reservation.ts';
import { demoVariant } from './support/server.ts';

// The demo shop takes bookings (lunch and dinner, 30-minute steps, 24 covers a slot, 60 days,
// WhatsApp share to 447700900321). Its e-mails go to the server log at info level. Bookings
// are limited to 10 per 10 minutes from one address: this file makes 6.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;
const bookUrl = () => url().replace('localhost', 'book.localhost');

describe('making a reservation', () => {
  it('books from the reservation site: toast, home, WhatsApp share, e-mail, then cancels from its link', async () => {
    const { page, context, problems } = await openPage(product.browser, bookUrl());
    // WhatsApp itself is not reachable from the tests: its page is answered here.
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    await page.goto(`${bookUrl()}/`);
    await page.getByRole('link', { name: 'Make a reservation' }).click();
    await page.getByRole('heading', { level: 1, name: 'MAKE RESERVATION' }).waitFor();
    await page.getByText('We will confirm your booking by e-mail.', { exact: false }).waitFor();

    const { today, date, slots } = await dayAhead(url(), 3);
    const time = slots[1]!;
    await expect.poll(() => dateBox(page).inputValue()).toBe(boxDate(today));
    await chooseDate(page, today, date);
    expect(await dateBox(page).inputValue()).toBe(boxDate(date));
    await timeBox(page).selectOption(time);
    const guest = person();
    await fillDetails(page, guest);

    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('status')
      .filter({
        hasText: `Thank you, Priya Shah! Your table for 4 on ${ukDate(date)} at ${time} is booked. We have e-mailed you the details.`,
      })
      .waitFor();
    await page.waitForURL(`${bookUrl()}/`);
    await page.getByRole('heading', { level: 1, name: 'Book a table at Tandoor Lane' }).waitFor();

    // product.md §4 and §7: the share window opens with the booking's details.
    const share = new URL((await popup).url());
    expect(share.origin + share.pathname).toBe('https://wa.me/447700900321');
    expect(share.searchParams.get('text')).toBe(
      [
        'Table booking',
        'Name: Priya Shah',
        `Email: ${guest.email}`,
        `Time: ${time}`,
        `Date: ${ukDate(date)}`,
        `Phone: ${guest.phone}`,
        'People: 4',
        'Message: A table by the window, if you have one',
      ].join('\n'),
    );

    const [mail] = await bookingMailsTo(product.server.output, guest.email);
    expect(mail!.subject).toBe(`Your table at Tandoor Lane, ${ukDate(date)} at ${time}`);
    const link = cancelLinkIn(mail!.text);
    expect(link.startsWith(`${bookUrl()}/reservation/cancel/`)).toBe(true);

    // The link in the e-mail: the booking, then cancelled.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Your table booking' }).waitFor();
    const details = async () =>
      Object.fromEntries(
        await page
          .locator('main dl > div')
          .evaluateAll((rows) =>
            rows.map((row) => [
              row.querySelector('dt')?.textContent,
              row.querySelector('dd')?.textContent,
            ]),
          ),
      );
    await page.locator('main dl').waitFor();
    expect(await details()).toEqual({
      Restaurant: 'Tandoor Lane',
      Date: ukDate(date),
      Time: time,
      People: '4',
      Name: 'Priya Shah',
      Status: 'Confirmed',
    });
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByRole('status').filter({ hasText: 'Your booking is cancelled.' }).waitFor();
    await page
      .getByText('This booking is cancelled. The table is free for someone else.')
      .waitFor();
    expect((await details()).Status).toBe('Cancelled');
    await screenshot(page, 'reservation-cancelled');
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    // The server keeps it so: opened again, the link says the booking is cancelled.
    await page.reload();
    await page
      .getByText('This booking is cancelled. The table is free for someone else.')
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('books once when Submit is clicked twice', async () => {
    const { page, context } = await openPage(product.browser, url());
    await context.route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/booking')) {
        posts.push(request.headers()['idempotency-key'] ?? '');
      }
    });
    await openReservation(page, url());
    const { today, date, slots } = await dayAhead(url(), 4);
    await chooseDate(page, today, date);
    await timeBox(page).selectOption(slots[0]!);
    const guest = { ...person(), number_of_people: '2', message: '' };
    await fillDetails(page, guest);
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await page.waitForURL(`${url()}/`);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);
    // Exactly one confirmation, even after the outbox has had time for a second.
    await bookingMailsTo(product.server.output, guest.email);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await bookingMailsTo(product.server.output, guest.email)).toHaveLength(1);
    await context.close();
  });

  it('toasts the server’s answer when the time fills up meanwhile, and starts the form again', async () => {
    const { page, context } = await openPage(product.browser, url());
    await openReservation(page, url());
    const { today, date, slots } = await dayAhead(url(), 5);
    const time = slots[2]!;
    await chooseDate(page, today, date);
    await timeBox(page).selectOption(time);
    await fillDetails(page, { ...person(), number_of_people: '2' });
    // Other guests take all 24 covers of that time while this one is typing.
    for (const people of ['10', '10', '4']) {
      const other = { ...person(), date, time, number_of_people: people };
      expect((await bookByApi(url(), other)).status).toBe(200);
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: new RegExp(`^Sorry, ${time} is fully booked for 2 people\\. The nearest`),
      })
      .waitFor();
    // product.md §4: the form resets and loading ends.
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('');
    expect(await peopleBox(page).inputValue()).toBe('');
    expect(await dateBox(page).inputValue()).toBe(boxDate(today));
    // The refusal spoke of the time sent; the reset form carries no error from it.
    expect(await timeBox(page).getAttribute('aria-invalid')).toBe('false');
    expect(await page.locator('#reservation-time-error').count()).toBe(0);
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'reservation-refused-mobile');
    expect(await page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    expect(await page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
    expect(page.url()).toBe(`${url()}/reservation`);
    await context.close();
  });
});

describe('the cancel link', () => {
  it('says so when the link leads to no booking', async () => {
    const { page, context } = await openPage(product.browser, url());
    for (const token of [randomBytes(32).toString('base64url'), 'not-a-token']) {
      await page.goto(`${url()}/reservation/cancel/${token}`);
      await page.getByRole('heading', { name: 'Booking not found' }).waitFor();
    }
    await context.close();
  });
});

describe('a shop that takes no bookings', () => {
  const off = useProduct(() => ({
    env: { SEED_DEMO: 'false' },
    tenantFiles: [demoVariant((doc) => void (doc.config.allowBooking = 0))],
  }));
  it('sends /reservation to the home page (allowBooking 0)', async () => {
    const { page, context } = await openPage(off.browser, off.server.url);
    await page.goto(`${off.server.url}/reservation`);
    await page.waitForURL(`${off.server.url}/`);
    expect(await page.getByRole('heading', { name: 'MAKE RESERVATION' }).count()).toBe(0);
    await context.close();
  });
});
