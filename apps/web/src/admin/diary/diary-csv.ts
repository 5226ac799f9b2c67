import type { DiaryBooking, DiaryDay } from '@servery/contract/diary';

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function field(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: keep it text.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const COLUMNS = [
  'Date',
  'Time',
  'Name',
  'People',
  'Covers',
  'Status',
  'Source',
  'Phone',
  'E-mail',
  'Message',
  'Note',
];

/** The day's bookings in time order, a row each, for a spreadsheet. */
export function diaryCsv(day: DiaryDay): string {
  const bookings: DiaryBooking[] = [
    ...day.services.flatMap((s) => s.slots.flatMap((slot) => slot.bookings)),
    ...day.other,
  ];
  const rows = bookings.map((b) => [
    b.date,
    b.time,
    b.name,
    b.people,
    b.covers,
    b.status.replace(/_/g, ' '),
    b.source.replace(/_/g, ' '),
    b.phone,
    b.email,
    b.message,
    b.note ?? '',
  ]);
  return [COLUMNS, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
