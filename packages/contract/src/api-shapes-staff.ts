import { z } from 'zod';
import { id, instant, money } from './api-shapes-storefront.ts';

/** The shapes of the staff application's answers (diary, desk, service), for API_RESPONSES. */

export const ZDiaryBooking = z.looseObject({
  id,
  date: z.string(),
  time: z.string(),
  people: z.string(),
  covers: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.string(),
  source: z.string(),
  note: z.string().nullable(),
  over_capacity: z.boolean(),
  created_at: instant,
  next: z.array(z.string()),
  no_show_from: instant,
  undo_no_show_until: instant.nullable(),
});
export const ZDiaryCloseout = z.looseObject({
  id,
  date: z.string(),
  from: z.string(),
  until: z.string(),
  label: z.string(),
  reason: z.string(),
});
export const ZDiaryDay = z.looseObject({
  date: z.string(),
  time_zone: z.string(),
  store: z.looseObject({ id, name: z.string() }),
  capacity_per_slot: z.number().int(),
  services: z.array(
    z.looseObject({
      id: z.string(),
      label: z.string(),
      covers: z.number().int(),
      bookings: z.number().int(),
      slots: z.array(
        z.looseObject({
          time: z.string(),
          covers: z.number().int(),
          capacity: z.number().int(),
          closed: z.boolean(),
          bookings: z.array(ZDiaryBooking),
        }),
      ),
    }),
  ),
  other: z.array(ZDiaryBooking),
  requests: z.array(ZDiaryBooking),
  closeouts: z.array(ZDiaryCloseout),
  totals: z.looseObject({
    covers: z.number().int(),
    bookings: z.number().int(),
    requested: z.number().int(),
  }),
});

export const ZDeskOrder = z.looseObject({
  id,
  number: z.number().int(),
  status: z.string(),
  store: z.looseObject({ id, name: z.string() }),
  promised_at: instant.nullable(),
  lines: z.array(
    z.looseObject({
      name: z.string(),
      quantity: z.number().int(),
      allergens: z
        .looseObject({ contains: z.array(z.string()), may_contain: z.array(z.string()) })
        .nullable(),
    }),
  ),
  total: money,
  customer: z.looseObject({ name: z.string(), phone: z.string().nullable() }),
  payment: z.looseObject({ paid: z.boolean(), to_collect: money }),
  print_count: z.number().int(),
  next: z.array(z.string()),
});
export const ZKitchenTicket = z.looseObject({
  order: ZDeskOrder,
  shop_name: z.string(),
  reprint: z.boolean(),
  print_count: z.number().int(),
  printed_at: instant,
});
export const soldOut = z.union([z.enum(['today', 'indefinitely']), z.literal(false)]);
export const ZServiceItem = z.looseObject({
  id,
  name: z.string(),
  price: money,
  hidden: z.boolean(),
  sold_out: soldOut,
  sold_out_until: instant.nullable(),
  options: z.array(z.looseObject({ id, name: z.string(), sold_out: soldOut })),
});
export const ZServiceStore = z.looseObject({
  id,
  name: z.string(),
  is_open_now: z.boolean(),
  pause: z
    .looseObject({ order_types: z.array(z.string()), until: instant, message: z.string() })
    .nullable(),
  busy_extra_minutes: z.number().int(),
  hours: z.record(z.string(), z.array(z.looseObject({ opens: z.string(), closes: z.string() }))),
  special_days: z.array(z.looseObject({ date: z.string(), closed: z.boolean() })),
});
export const ZShopSwitches = z.looseObject({
  IsShopClosed: z.number().int(),
  ShopClosedMessage: z.string(),
  allowBooking: z.number().int(),
  booking: z.looseObject({ coversPerSlot: z.number().int() }).nullable(),
});
