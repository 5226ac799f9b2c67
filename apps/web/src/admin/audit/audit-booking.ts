import { listChange, type ChangeLine, type ListContext } from './audit-lists.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shop's booking settings (BookingDocument), field by field, its times day by day. */
const BOOKING_FIELDS: Record<string, string> = {
  stepMinutes: 'Minutes between booking times',
  coversPerSlot: 'Covers per booking time',
  daysAllowed: 'Days ahead a guest may book',
  whatsappShare: 'Shared to WhatsApp',
  whatsappNumber: 'WhatsApp number',
  reminders: 'Reminder e-mails the day before',
};

const setting = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? 'none'
    : typeof value === 'boolean'
      ? value
        ? 'yes'
        : 'no'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** The booking settings changed, one line a setting and one a day of booking times. */
export function bookingChange(
  before: unknown,
  after: unknown,
  context: ListContext,
): ChangeLine[] | null {
  const fits = (value: unknown) => value === null || value === undefined || isRecord(value);
  if (!fits(before) || !fits(after)) return null;
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const found: ChangeLine[] = [];
  for (const key of [...new Set([...Object.keys(b), ...Object.keys(a)])]) {
    if (JSON.stringify(b[key]) === JSON.stringify(a[key])) continue;
    if (key === 'hours') {
      const days = listChange('week', b.hours, a.hours, context) ?? [];
      found.push(...days.map((day) => ({ tone: day.tone, text: `Booking times ${day.text}` })));
      continue;
    }
    const label = BOOKING_FIELDS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2');
    found.push({ tone: 'changed', text: `${label}: ${setting(b[key])} → ${setting(a[key])}` });
  }
  return found;
}
