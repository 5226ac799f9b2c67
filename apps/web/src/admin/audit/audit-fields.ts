import { calendarDate, clockTimeOf, minutesOf, slotClockTime } from '@servery/contract/clock';
import { shopShortDateTime } from '../../lib/shop-time.ts';
import { bookingChange } from './audit-booking.ts';
import { allergensText, listChange, type ChangeLine, type ListKind } from './audit-lists.ts';

/**
 * What each key of an audit entry's before/after means, decided key by key from the server's
 * recordAudit calls (apps/server/src/modules), not guessed from a value's shape: a number may be
 * pence or covers, a string an instant or a reason. A key not listed here still shows, its name
 * turned into words and its value as it was recorded.
 */
type Kind =
  | 'money' // pence
  | 'instant' // an ISO instant, shown on the shop's clock
  | 'date' // a calendar date, YYYY-MM-DD: "24 Dec 2026"
  | 'clock' // a time of day as a close-out keeps it, "15:00": "3:00 PM" ("24:00": "… the next day")
  | 'slot' // a booking's time as the API keeps it, "07:00 PM": "7:00 PM"
  | 'store' // a store's id, or a list of them
  | 'category' // a menu category's id: its name
  | 'place' // a place in a list, 0 first: "7th"
  | 'id' // an id staff may quote (a refund's, a person's): whole, in monospace
  | 'percent'
  | 'words' // a recorded state such as ready_for_pickup, or a list of them
  | 'promo_value' // percent or pence, as the promo's `kind` says
  | 'allergens' // a dish's or an option's { contains, may_contain }
  | ListKind // a list read entry by entry (audit-lists.ts)
  | 'booking' // the shop's booking settings, setting by setting
  | 'plain'; // text or a count, as it is

interface Field {
  label: string;
  kind: Kind;
  /** What nothing (null, or an empty list) means here, where it is not "none": "no limit". */
  none?: string;
}

const field = (label: string, kind: Kind = 'plain', none?: string): Field => ({
  label,
  kind,
  ...(none ? { none } : {}),
});

const FIELDS: Record<string, Field> = {
  // Orders: the desk's moves, its undo, printing, refunds.
  status: field('Status', 'words'),
  promised_at: field('Promised for', 'instant'),
  payment: field('Payment', 'words'),
  note: field('Note'),
  reason: field('Reason'),
  moved_at: field('Moved at', 'instant'),
  moved_by: field('Moved by'),
  print_count: field('Times printed'),
  refunded: field('Refunded in all', 'money'),
  refund_id: field('Refund id', 'id'),
  amount: field('Amount', 'money'),
  method: field('Method', 'words'),
  // Bookings and close-outs.
  date: field('Date', 'date'),
  time: field('Time', 'slot'),
  covers: field('Covers'),
  source: field('Taken by', 'words'),
  over_capacity: field('Over capacity'),
  marked_at: field('Marked at', 'instant'),
  from: field('From', 'clock'),
  // Menu: dishes, categories, options, photos, availability.
  name: field('Name'),
  description: field('Description'),
  price: field('Price', 'money'),
  vat_rate: field('VAT rate', 'percent'),
  kcal: field('Calories (kcal)'),
  allergens: field('Allergens', 'allergens'),
  diets: field('Diets', 'words'),
  image: field('Photo'),
  category_id: field('Category', 'category'),
  option_groups: field('Option groups', 'option_groups'),
  // A dish's stores with their prices (an item's edit), or their names as text (availability).
  stores: field('Stores', 'dish_stores'),
  position: field('Place in the list', 'place'),
  brand: field('Brand'),
  hidden: field('Hidden'),
  sold_out: field('Sold out', 'words'),
  sold_out_until: field('Sold out until', 'instant'),
  dishes: field('Dish ids', 'id'),
  store: field('Store'),
  // Promo codes.
  code: field('Code'),
  kind: field('Kind', 'words'),
  value: field('Discount', 'promo_value'),
  minimum_order: field('Minimum order', 'money'),
  starts_at: field('Starts', 'instant', 'when made'),
  ends_at: field('Ends', 'instant', 'never'),
  total_limit: field('Uses allowed in all', 'plain', 'no limit'),
  per_customer_limit: field('Uses allowed per customer', 'plain', 'no limit'),
  first_order_only: field('First order only'),
  public: field('Shown to customers'),
  uses: field('Times used'),
  state: field('State', 'words'),
  // Staff and their phones.
  email: field('E-mail'),
  role: field('Role', 'words'),
  store_ids: field('Stores', 'store'),
  staff_id: field('Staff id', 'id'),
  // Stores: pause, busy, settings; the shop's switches.
  store_id: field('Store', 'store'),
  store_name: field('Store name'),
  orderTypes: field('Order types', 'words'),
  until: field('Until', 'instant'),
  message: field('Message'),
  busy_extra_minutes: field('Extra minutes when busy'),
  busy_until: field('Busy mode ends', 'instant', 'off'),
  delivers: field('Delivers'),
  delivery_minutes: field('Delivery minutes'),
  zones: field('Delivery zones', 'zones'),
  slot_cap: field('Orders per slot', 'plain', 'no cap'),
  slot_cap_unit: field('Counted in', 'words'),
  auto_accept_minutes: field('Accepted automatically after (minutes)', 'plain', 'staff accept'),
  auto_print: field('Prints automatically'),
  version: field('Version'),
  IsShopClosed: field('Shop closed'),
  ShopClosedMessage: field('Shop closed message'),
  allowBooking: field('Takes bookings'),
  booking: field('Booking settings', 'booking'),
  // The Shop editor: the shop's name, colours, logos and contacts; a store's address and phone.
  websiteName: field('Shop name'),
  colorPalatte: field('Main colour'),
  SecondaryColorPalatte: field('Accent colour'),
  logo_style: field('Logo shape', 'words'),
  headerLogo: field('Header logo'),
  footerLogo: field('Footer logo'),
  favicon: field('Browser tab icon'),
  contactNumber: field('Phone'),
  supportEmail: field('E-mail'),
  website: field('Website'),
  addressLine1: field('Footer address, first line'),
  addressLine2: field('Footer address, second line'),
  directionLink: field('Footer directions link'),
  address_line1: field('Address, first line'),
  address_line2: field('Address, second line'),
  city: field('Town or city'),
  postcode: field('Postcode'),
  phone: field('Phone'),
  direction_link: field('Directions link'),
  // Kept whole by their actions (WHOLE_VALUES), read under these keys.
  hours: field('Opening hours', 'week'),
  special_days: field('Special days', 'special_days'),
  // Exports.
  rows: field('Rows exported'),
  q: field('Search'),
};

/** Where one key means something else: a close-out's `until` is a time of day, not an instant. */
const ENTITY_FIELDS: Record<string, Record<string, Field>> = {
  closeout: { until: field('Until', 'clock') },
  // A promo for no store in particular works at every store (shop-editor.ts store_ids).
  promo: { store_ids: field('Stores', 'store', 'every store') },
};

const fieldOf = (entity: string, key: string): Field | undefined =>
  ENTITY_FIELDS[entity]?.[key] ?? FIELDS[key];

/** "promised_at" → "Promised for"; a key not listed, in words ("gift_note" → "Gift note"). */
export function fieldLabel(entity: string, key: string): string {
  const known = fieldOf(entity, key);
  if (known) return known.label;
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface ShownValue {
  text: string;
  /** An id staff may read out or paste: shown whole, in monospace. */
  id: boolean;
}

export interface ValueContext {
  entity: string;
  timeZone: string;
  money: (pence: number) => string;
  stores: readonly { id: string; name: string }[];
  /** The menu's categories, once read: their names stand for their ids. */
  categories?: readonly { id: string; name: string }[];
  /** The before or after the value belongs to (a promo's value reads its kind). */
  record: Record<string, unknown>;
}

/** As it was shown before this module: a string as it is, anything else as JSON. */
const recorded = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

const isPlain = (value: unknown): value is string | number | boolean =>
  ['string', 'number', 'boolean'].includes(typeof value);

const words = (value: unknown) => (typeof value === 'string' ? value.replace(/_/g, ' ') : value);

/** 1 → "1st", 12 → "12th", 22 → "22nd". */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** One plain value of a known field, in words (arrays are handled by the caller). */
function plainValue(kind: Kind, value: string | number | boolean, context: ValueContext) {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? context.money(value) : value;
    case 'instant':
      return typeof value === 'string' ? shopShortDateTime(value, context.timeZone) : value;
    case 'date':
      return typeof value === 'string' ? calendarDate(value) : value;
    case 'clock': {
      if (typeof value !== 'string' || !/^\d{2}:\d{2}$/.test(value)) return value;
      // A whole day's or a late service's end, 24:00 or past it, is the next day's clock.
      const minutes = minutesOf(value);
      return `${clockTimeOf(minutes)}${minutes >= 24 * 60 ? ' the next day' : ''}`;
    }
    case 'slot':
      return typeof value === 'string' && /^\d{2}:\d{2} [AP]M$/.test(value)
        ? slotClockTime(value)
        : value;
    case 'store':
      return context.stores.find((s) => s.id === value)?.name ?? 'a store no longer listed';
    case 'category':
      if (!context.categories) return value;
      return context.categories.find((c) => c.id === value)?.name ?? 'a category no longer listed';
    case 'place':
      return typeof value === 'number' ? ordinal(value + 1) : value;
    case 'percent':
      return `${value}%`;
    case 'promo_value':
      if (typeof value !== 'number') return value;
      return context.record.kind === 'fixed' ? context.money(value) : `${value}%`;
    case 'words':
    case 'allergens':
      return words(value);
    default:
      return value;
  }
}

/** A before or after value as an owner reads it. */
export function showValue(key: string, value: unknown, context: ValueContext): ShownValue {
  const known = fieldOf(context.entity, key);
  if (!known) return { text: recorded(value), id: false };
  const id = known.kind === 'id';
  // An owner works in every store of the shop, whatever list their row keeps (identityOf).
  if (key === 'store_ids' && context.record.role === 'owner') {
    return { text: 'every store (an owner)', id: false };
  }
  const none = { text: known.none ?? 'none', id: false };
  if (value === null || value === undefined) return none;
  if (isPlain(value)) return { text: String(plainValue(known.kind, value, context)), id };
  if (Array.isArray(value) && value.every(isPlain)) {
    if (value.length === 0) return none;
    return { text: value.map((v) => plainValue(known.kind, v, context)).join(', '), id };
  }
  if (known.kind === 'allergens') return { text: allergensText(value), id: false };
  return { text: recorded(value), id: false };
}

/** One field of an entry that changed: its value before and after, or its list's changes. */
export interface FieldChange {
  key: string;
  label: string;
  before?: ShownValue;
  after?: ShownValue;
  /** A list's or the booking settings' change, entry by entry, instead of before and after. */
  lines?: ChangeLine[];
}

/** Actions whose before and after are the value itself (the week, a list), read under a key. */
const WHOLE_VALUES: Record<string, string> = {
  'store.hours': 'hours',
  'store.special_days': 'special_days',
};

const LIST_KINDS = new Set<Kind>(['week', 'special_days', 'zones', 'option_groups', 'dish_stores']);

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The fields that differ between an entry's before and after, in the owner's words. */
export function entryChanges(
  entry: { action: string; entity: string; before: unknown; after: unknown },
  context: Omit<ValueContext, 'record' | 'entity'>,
): FieldChange[] {
  const whole = WHOLE_VALUES[entry.action];
  const b = whole ? { [whole]: entry.before } : asRecord(entry.before);
  const a = whole ? { [whole]: entry.after } : asRecord(entry.after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]),
  );
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const label = fieldLabel(entry.entity, key);
    const kind = fieldOf(entry.entity, key)?.kind;
    const lines =
      kind === 'booking'
        ? bookingChange(b[key], a[key], context)
        : kind && LIST_KINDS.has(kind)
          ? listChange(kind as ListKind, b[key], a[key], context)
          : null;
    if (lines) {
      if (lines.length > 0) changes.push({ key, label, lines });
      continue;
    }
    const shown = (record: Record<string, unknown>) =>
      key in record
        ? showValue(key, record[key], { ...context, entity: entry.entity, record })
        : undefined;
    changes.push({ key, label, before: shown(b), after: shown(a) });
  }
  return changes;
}
