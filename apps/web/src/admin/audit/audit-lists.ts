import { calendarDate } from '@servery/contract/clock';
import { WEEKDAYS } from '@servery/contract/opening-hours';

/**
 * The lists an audit entry keeps (a store's delivery zones, its weekly hours and special days,
 * a dish's option groups and stores), read as an owner reads them, and a change to one read
 * entry by entry: what was added, removed or changed, not the list before and the list after.
 * The shapes are the recordAudit calls' own (the store-settings and store-controls services,
 * the menu editor's auditedItem); the booking settings are read in audit-booking.ts.
 */

export type Tone = 'added' | 'removed' | 'changed';

/** One line of a change: "Added E3 · £3.00 · min £20.00", "Tue: closed → 12:00–22:00". */
export interface ChangeLine {
  tone: Tone;
  text: string;
}

export interface ListContext {
  money: (pence: number) => string;
}

/** One entry of a list, as staff name it and read it. */
interface Entry {
  /** The same entry before and after (a zone's area, a day, an option's id). */
  key: string;
  name: string;
  /** The rest in words ("£2.50 · min £15.00"); what follows the name in the list. */
  detail: string;
  /** Each part that may change on its own, in words, or a list of its own (a group's choices). */
  parts: Record<string, string | Entry[]>;
}

interface ListShape {
  entries: (value: unknown, context: ListContext) => Entry[];
  /** Between the name and the detail: " · " for zones, " " for days. */
  join: string;
  /** Entries with the same detail read as one: "Added E1, E2 · £2.50 · min £15.00". */
  group: boolean;
  /** The shape of an entry's own list (a group's choices). */
  nested?: ListShape;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));
const pence = (value: unknown, context: ListContext) =>
  typeof value === 'number' ? context.money(value) : text(value);

/** "12:00–14:30, 17:00–22:00", or "closed": opening ranges on the shop's clock. */
function ranges(value: unknown): string {
  const list = records(value);
  if (list.length === 0) return 'closed';
  return list.map((range) => `${text(range.opens)}–${text(range.closes)}`).join(', ');
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const words = (value: unknown) => text(value).replace(/_/g, ' ');

/** "contains milk, mustard; may contain peanuts", or "none". */
export function allergensText(value: unknown): string {
  if (Array.isArray(value)) return value.length ? value.map(words).join(', ') : 'none';
  if (!isRecord(value)) return text(value);
  const contains = Array.isArray(value.contains) ? value.contains.map(words) : [];
  const may = Array.isArray(value.may_contain) ? value.may_contain.map(words) : [];
  const said = [
    contains.length ? `contains ${contains.join(', ')}` : '',
    may.length ? `may contain ${may.join(', ')}` : '',
  ].filter(Boolean);
  return said.length ? said.join('; ') : 'none';
}

/** An option's price beside its name: "+£0.50", "−£0.50", or nothing when it costs no more. */
function delta(value: unknown, context: ListContext) {
  if (typeof value !== 'number' || value === 0) return '';
  return value > 0 ? `+${context.money(value)}` : `−${context.money(-value)}`;
}

/** "choose 1", "optional, up to 3", "choose 1 to 2": an option group's rule. */
function rule(min: unknown, max: unknown) {
  if (min === max) return `choose ${text(min)}`;
  if (min === 0) return `optional, up to ${text(max)}`;
  return `choose ${text(min)} to ${text(max)}`;
}

const choices: ListShape = {
  join: ' ',
  group: false,
  entries: (value, context) =>
    records(value).map((option) => {
      const price = delta(option.price_delta, context);
      const allergens = allergensText(option.allergens);
      return {
        key: text(option.id ?? option.name),
        name: text(option.name),
        detail: [price, allergens === 'none' ? '' : `(${allergens})`].filter(Boolean).join(' '),
        parts: { price: price || 'no extra charge', allergens: allergens },
      };
    }),
};

const SHAPES = {
  /** WeeklyHours: every day, a day without ranges closed. */
  week: {
    join: ' ',
    group: true,
    entries: (value) =>
      WEEKDAYS.map((day, index) => {
        const hours = ranges(isRecord(value) ? value[day] : undefined);
        return { key: day, name: DAY_NAMES[index]!, detail: hours, parts: { hours } };
      }),
  },
  /** SpecialDay[]: a date closed, or open other hours than its weekday's. */
  special_days: {
    join: ' ',
    group: true,
    entries: (value) =>
      records(value).map((day) => {
        const hours = day.closed === true ? 'closed' : ranges(day.hours);
        return {
          key: text(day.date),
          name: calendarDate(text(day.date)),
          detail: hours,
          parts: { hours },
        };
      }),
  },
  /** StoreZones' zones: a district or sector with its fee, minimum and own minutes. */
  zones: {
    join: ' · ',
    group: true,
    entries: (value, context) =>
      records(value).map((zone) => {
        const fee = pence(zone.fee, context);
        const minimum = `min ${pence(zone.minimum_order, context)}`;
        const own = typeof zone.travel_minutes === 'number';
        const travel = own ? `${zone.travel_minutes} min on the road` : 'the store’s minutes';
        return {
          key: text(zone.area),
          name: text(zone.area),
          detail: [fee, minimum, own ? travel : ''].filter(Boolean).join(' · '),
          parts: { fee, minimum, travel },
        };
      }),
  },
  /** A dish's option groups with their choices, by their ids (kept across a rename). */
  option_groups: {
    join: ' ',
    group: false,
    nested: choices,
    entries: (value, context) =>
      records(value).map((group) => {
        const list = choices.entries(group.options, context);
        const summary = list.map((c) => [c.name, c.detail].filter(Boolean).join(' ')).join(', ');
        const how = rule(group.min, group.max);
        return {
          key: text(group.id ?? group.name),
          name: text(group.name),
          detail: `(${how}): ${summary}`,
          parts: { rule: how, choices: list },
        };
      }),
  },
  /** The stores selling a dish: its own price there, hidden, sold out. */
  dish_stores: {
    join: ' ',
    group: true,
    entries: (value, context) =>
      records(value).map((row) => {
        const price = typeof row.price === 'number' ? context.money(row.price) : 'the dish price';
        const sale =
          row.sold_out === 'today'
            ? 'out today'
            : row.sold_out === 'indefinitely'
              ? 'out for now'
              : 'available';
        return {
          key: text(row.store),
          name: text(row.store),
          detail: [
            typeof row.price === 'number' ? price : `at ${price}`,
            row.hidden === true ? 'hidden' : '',
            sale === 'available' ? '' : sale,
          ]
            .filter(Boolean)
            .join(', '),
          parts: { price, shown: row.hidden === true ? 'hidden' : 'shown', sale },
        };
      }),
  },
} satisfies Record<string, ListShape>;

export type ListKind = keyof typeof SHAPES;

interface Found {
  tone: Tone;
  name: string;
  rest: string;
}

/** Entry by entry: removed ones first, then the list as it is now, added and changed. */
function compare(shape: ListShape, before: Entry[], after: Entry[]): Found[] {
  const was = new Map(before.map((entry) => [entry.key, entry]));
  const now = new Set(after.map((entry) => entry.key));
  const found: Found[] = before
    .filter((entry) => !now.has(entry.key))
    .map((entry) => ({ tone: 'removed', name: entry.name, rest: entry.detail }));
  for (const entry of after) {
    const old = was.get(entry.key);
    if (!old) {
      found.push({ tone: 'added', name: entry.name, rest: entry.detail });
      continue;
    }
    const changes = old.name === entry.name ? [] : [`was ${old.name}`];
    for (const [part, value] of Object.entries(entry.parts)) {
      const prior = old.parts[part] ?? '';
      if (typeof value === 'string' || typeof prior === 'string') {
        const [b, a] = [prior, value].map((v) => (typeof v === 'string' ? v : ''));
        if (b !== a) changes.push(`${b} → ${a}`);
      } else if (shape.nested) {
        changes.push(...lines(shape.nested, prior, value, true).map((line) => line.text));
      }
    }
    if (changes.length) found.push({ tone: 'changed', name: entry.name, rest: changes.join('; ') });
  }
  if (!shape.group) return found;
  const grouped: Found[] = [];
  for (const one of found) {
    const same = grouped.find((g) => g.tone === one.tone && g.rest === one.rest);
    if (same) same.name = `${same.name}, ${one.name}`;
    else grouped.push({ ...one });
  }
  return grouped;
}

function lines(shape: ListShape, before: Entry[], after: Entry[], nested = false): ChangeLine[] {
  return compare(shape, before, after).map(({ tone, name, rest }) => {
    if (tone === 'changed') return { tone, text: `${name}${nested ? ' ' : ': '}${rest}` };
    const said = `${nested ? tone : tone === 'added' ? 'Added' : 'Removed'} ${name}`;
    return { tone, text: rest ? `${said}${shape.join}${rest}` : said };
  });
}

/**
 * What changed in a list (or the week) between before and after, a line per entry changed; a
 * list only put in another order says so. Null when the values are not of the list's shape (a
 * dish's `stores` is a list of stores, but an availability change writes their names as text).
 */
export function listChange(
  kind: ListKind,
  before: unknown,
  after: unknown,
  context: ListContext,
): ChangeLine[] | null {
  const shape: ListShape = SHAPES[kind];
  const fits = (value: unknown) =>
    value === null ||
    value === undefined ||
    (kind === 'week' ? isRecord(value) : Array.isArray(value));
  if (!fits(before) || !fits(after)) return null;
  const [b, a] = [shape.entries(before, context), shape.entries(after, context)];
  const found = lines(shape, b, a);
  if (found.length > 0) return found;
  const order = (list: Entry[]) => list.map((entry) => entry.key).join('\n');
  return order(b) === order(a) ? [] : [{ tone: 'changed', text: 'The same, in a new order' }];
}
