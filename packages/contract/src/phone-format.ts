/**
 * One way to show a phone number (walk item 21: "+447700900123", "07700 900123" and
 * "07700900123" appeared for the same kind of number across the storefront, the staff screens
 * and the messages). Numbers are stored as they came (sign-in's E.164, the booking form's 11
 * digits, the shop document's own spelling); only their showing goes through here. A UK number
 * reads as people in the UK write it, with Ofcom's groups: "07700 900123", "020 7946 0000",
 * "0121 496 0000", "01632 960000", "0300 123 4567". Any other number is shown as stored.
 * Kept small and free of libphonenumber so the storefront's first screen can use it.
 */
export function formatPhone(stored: string): string {
  const compact = stored.replace(/[\s().-]/g, '');
  const uk = /^(?:(?:\+|00)44(?:\(?0\)?)?|0)(\d{10})$/.exec(compact.replace('(0)', ''));
  if (!uk) return stored.trim();
  const n = `0${uk[1]}`;
  // 02x: three-digit area codes, then 4 + 4 (London 020, Southampton 023, Cardiff 029…).
  if (n.startsWith('02')) return `${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}`;
  // 011x and 01x1: four-digit area codes (Leeds 0113, Birmingham 0121…), then 3 + 4.
  if (/^01(1\d|\d1)/.test(n)) return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
  // Mobiles, other geographic numbers and 05: five digits, then six.
  if (/^0[157]/.test(n)) return `${n.slice(0, 5)} ${n.slice(5)}`;
  // 03, 08 and 09: 4 + 3 + 4.
  return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
}

/** A `tel:` link's target: the digits and a leading + of the number however it is stored. */
export const telHref = (stored: string) => `tel:${stored.replace(/[^\d+]/g, '')}`;
