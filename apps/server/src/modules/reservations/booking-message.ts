import { bookingEnd, calendarFile } from '@servery/contract/calendar-file';
import type { NewOutboxMessage } from '../outbox/outbox.repository.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

export interface BookingMessageInput {
  tenantId: string;
  bookingId: string;
  shopName: string;
  address: string;
  name: string;
  email: string;
  date: string;
  time: string;
  people: string;
  requested: boolean;
  message: string;
  /** When the table is booked for, as an instant (for the calendar file). */
  startsAt: Date;
  cancelUrl: string;
  now: Date;
  /** The booking as it was before the restaurant changed it: the message is then the change's. */
  was?: { date: string; time: string; people: string };
  /** The calendar file's revision: 0 as first booked, higher with each change (calendar-file.ts). */
  sequence?: number;
}

/** "2026-11-24" → "24/11/2026", as product.md §2 writes dates for people. */
export const ukDate = (date: string) => date.split('-').reverse().join('/');

/** The booking as a calendar entry (two hours at the table). */
export function bookingCalendar(input: BookingMessageInput): string {
  return calendarFile({
    uid: `${input.bookingId}@servery`,
    stamp: input.now,
    sequence: input.sequence ?? 0,
    startsAt: input.startsAt,
    endsAt: bookingEnd(input.startsAt),
    summary: `Table for ${input.people} at ${input.shopName}`,
    location: input.address,
    description: `Booked by ${input.name}. To cancel: ${input.cancelUrl}`,
  });
}

const ADD_TO_CALENDAR = 'Add to calendar';
const CALENDAR_FILENAME = 'booking.ics';

/**
 * The confirmation e-mail: the details, the calendar file, and the link that cancels. After the
 * restaurant changes a booking (`was`), the same e-mail says what changed: the calendar file
 * keeps the booking's UID, so a calendar that has the old time moves it.
 */
export function bookingConfirmation(input: BookingMessageInput): NewOutboxMessage {
  const when = `${ukDate(input.date)} at ${input.time}`;
  const { was } = input;
  const headline = was
    ? `${input.shopName} has changed your booking: your table is now for ${input.people} on ${when} (it was for ${was.people} on ${ukDate(was.date)} at ${was.time}).`
    : input.requested
      ? `We have your request for a table for ${input.people} on ${when}. The restaurant will confirm it by e-mail.`
      : `Your table for ${input.people} on ${when} is booked.`;
  const text = [
    `Hello ${input.name},`,
    '',
    headline,
    '',
    `Where: ${input.shopName}, ${input.address}`,
    ...(input.message ? [`Your message: ${input.message}`] : []),
    '',
    `${ADD_TO_CALENDAR}: open the attached ${CALENDAR_FILENAME} to put the booking in your calendar.`,
    '',
    `Can't make it? Cancel here so someone else can have the table: ${input.cancelUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.shopName)} booking</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#18181b;padding:24px">
<p>Hello ${escapeHtml(input.name)},</p><p><strong>${escapeHtml(headline)}</strong></p>
<p>Where: ${escapeHtml(input.shopName)}, ${escapeHtml(input.address)}</p>
${input.message ? `<p>Your message: ${escapeHtml(input.message)}</p>` : ''}
<p><strong>${ADD_TO_CALENDAR}:</strong> open the attached ${CALENDAR_FILENAME} to put the booking in your calendar.</p>
<p>Can't make it? <a href="${escapeHtml(input.cancelUrl)}">Cancel your booking</a> so someone else can have the table.</p>
</body></html>`;
  return {
    tenantId: input.tenantId,
    channel: 'email',
    recipient: input.email,
    kind: was ? 'booking_changed' : 'booking_confirmation',
    subject: was
      ? `Your booking at ${input.shopName} is changed: ${when}`
      : input.requested
        ? `Your booking request at ${input.shopName}, ${when}`
        : `Your table at ${input.shopName}, ${when}`,
    textBody: text,
    htmlBody: html,
    senderName: input.shopName,
    discardAfter: null,
    attachments: [
      {
        filename: CALENDAR_FILENAME,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: Buffer.from(bookingCalendar(input)).toString('base64'),
      },
    ],
  };
}

export type BookingNews =
  'declined' | 'cancelled_by_restaurant' | 'cancelled_by_guest' | 'reminder';

export interface BookingNewsInput {
  news: BookingNews;
  tenantId: string;
  shopName: string;
  booking: { name: string; email: string; date: string; time: string; people: string };
  /** The restaurant's words (a decline, a cancellation). */
  reason?: string | null;
  /** The reminder's own cancel link. */
  cancelUrl?: string;
}

/** What the guest is told when the restaurant answers or moves their booking, and reminders. */
export function bookingNews(input: BookingNewsInput): NewOutboxMessage | null {
  const { booking, shopName } = input;
  if (!booking.email) return null;
  const when = `${ukDate(booking.date)} at ${booking.time}`;
  const why = input.reason ? ` ${input.reason.replace(/[.\s]*$/, '')}.` : '';
  const texts: Record<BookingNews, { subject: string; lines: string[] }> = {
    declined: {
      subject: `Your booking request at ${shopName}, ${when}`,
      lines: [
        `Sorry, ${shopName} cannot take your table for ${booking.people} on ${when}.${why}`,
        'You are welcome to book another day, or to call the restaurant.',
      ],
    },
    cancelled_by_restaurant: {
      subject: `Your booking at ${shopName}, ${when}, is cancelled`,
      lines: [
        `Sorry, ${shopName} has had to cancel your table for ${booking.people} on ${when}.${why}`,
        'Please call the restaurant if you would like to book another time.',
      ],
    },
    cancelled_by_guest: {
      subject: `Your booking at ${shopName}, ${when}, is cancelled`,
      lines: [
        `As you asked, your table for ${booking.people} on ${when} is cancelled.`,
        'Thank you for letting us know: the table is free for someone else.',
      ],
    },
    reminder: {
      subject: `Tomorrow: your table at ${shopName}, ${when}`,
      lines: [
        `A reminder: your table for ${booking.people} at ${shopName} is tomorrow, ${when}.`,
        `Can't make it? Cancel here so someone else can have the table: ${input.cancelUrl}`,
      ],
    },
  };
  const { subject, lines } = texts[input.news];
  return {
    tenantId: input.tenantId,
    channel: 'email',
    recipient: booking.email,
    kind: `booking_${input.news}`,
    subject,
    textBody: [`Hello ${booking.name},`, '', ...lines].join('\n'),
    htmlBody: null,
    senderName: shopName,
    discardAfter: null,
    attachments: null,
  };
}
