import { randomBytes } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tenantHosts, tenants } from '../../db/schema.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { bookingNews } from '../reservations/booking-message.ts';
import { addBookingLink } from '../reservations/reservations.repository.ts';
import { addDays, instantAt, localDate, wallClock } from '@servery/contract/clock';
import { canonicalOrigin } from '../tenants/shop-origin.ts';
import { claimRemindersDue, markReminded } from './diary.repository.ts';
import { hashToken } from '../../lib/hash-token.ts';

/** Reminders go out from this hour of the shop's day before (nobody gets one at midnight). */
export const REMIND_FROM_HOUR = 9;

/**
 * The day-before reminder (issue 16, point 6), sent once by whichever process's sweeper claims
 * the booking first (FOR UPDATE SKIP LOCKED, then marked in the same transaction). Each carries
 * a cancel link of its own. A booking made on the day before already has its confirmation, and
 * a shop may turn reminders off (`booking.reminders`). Answers how many were queued.
 */
export async function sendBookingReminders(
  db: Database,
  at: Date,
  links: { production: boolean; port?: number },
): Promise<number> {
  const shops = await db
    .select({
      id: tenants.id,
      name: tenants.websiteName,
      config: tenants.config,
      booking: tenants.booking,
    })
    .from(tenants)
    .where(isNotNull(tenants.booking));
  let queued = 0;
  for (const shop of shops) {
    if (shop.booking?.reminders === false) continue;
    const { timeZone } = shop.config;
    if (wallClock(at, timeZone).minutes < REMIND_FROM_HOUR * 60) continue;
    const today = localDate(at, timeZone);
    const startOfToday = instantAt(today, 0, timeZone) ?? at;
    queued += await db.transaction(async (tx) => {
      const due = await claimRemindersDue(tx, shop.id, addDays(today, 1), startOfToday);
      if (due.length === 0) return 0;
      const hosts = await tx.select().from(tenantHosts).where(eq(tenantHosts.tenantId, shop.id));
      const origin = canonicalOrigin(hosts, links);
      for (const booking of due) {
        const token = randomBytes(32).toString('base64url');
        await addBookingLink(tx, booking.id, hashToken(token));
        const message = bookingNews({
          news: 'reminder',
          tenantId: shop.id,
          shopName: shop.name,
          booking,
          cancelUrl: `${origin}/reservation/cancel/${token}`,
        });
        if (message) await enqueueMessage(tx, message);
      }
      await markReminded(
        tx,
        due.map((b) => b.id),
        at,
      );
      return due.length;
    });
  }
  return queued;
}
