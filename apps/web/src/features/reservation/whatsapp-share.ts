import type { BookingRequest } from '@servery/contract/reservation';
import { SHARE_WINDOW } from '@servery/contract/reservation-rules';
import { ukDate } from './reservation-dates.ts';

/**
 * product.md §7: the WhatsApp share carries the booking's details in this order: name, email, time,
 * date as dd/mm/yyyy, phone, people, message.
 */
export function bookingShareText(booking: BookingRequest): string {
  return [
    'Table booking',
    `Name: ${booking.name}`,
    `Email: ${booking.email}`,
    `Time: ${booking.time}`,
    `Date: ${ukDate(booking.date)}`,
    `Phone: ${booking.phone}`,
    `People: ${booking.number_of_people}`,
    ...(booking.message ? [`Message: ${booking.message}`] : []),
  ].join('\n');
}

/** wa.me wants the number in international form with digits only (447700900321). */
export function whatsappShareUrl(number: string, booking: BookingRequest): string {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(bookingShareText(booking))}`;
}

/** Opens the share in its own 600 by 600 window (product.md §9), cut off from this page. */
export function openWhatsappShare(number: string, booking: BookingRequest): void {
  const { width, height } = SHARE_WINDOW;
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  const opened = window.open(
    whatsappShareUrl(number, booking),
    'whatsapp-share',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
  // Not 'noopener' in the features: that makes window.open answer null even when it worked.
  if (opened) opened.opener = null;
}
