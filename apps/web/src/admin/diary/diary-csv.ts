import type { DiaryBooking, DiaryDay } from '@servery/contract/diary';
import { csvOf } from '../admin-csv.ts';

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
  return csvOf([COLUMNS, ...rows]);
}
