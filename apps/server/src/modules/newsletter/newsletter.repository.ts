import type { Executor } from '../../db/client.ts';
import { newsletterSubscriptions } from '../../db/schema.ts';

/** Adds the address to the shop's list; an address already on it stays as it was. */
export async function addSubscription(db: Executor, tenantId: string, email: string) {
  await db
    .insert(newsletterSubscriptions)
    .values({ tenantId, email })
    .onConflictDoNothing({
      target: [newsletterSubscriptions.tenantId, newsletterSubscriptions.email],
    });
}
