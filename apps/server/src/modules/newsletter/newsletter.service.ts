import type { Subscriber, UnsubscribeLink } from '@servery/contract/personal-data';
import { UNSUBSCRIBE_LINK_INVALID_MESSAGE, maskEmail } from '@servery/contract/personal-data';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuditActor } from '../audit/audit.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  findUnsubscribeLink,
  listConsentingCustomers,
  listSubscriptions,
  removeSubscription,
} from './newsletter.repository.ts';
import { hashToken } from '../../lib/hash-token.ts';

const invalidLink = () => notFound(UNSUBSCRIBE_LINK_INVALID_MESSAGE);

async function linkOf(db: Database, tenantId: string, token: string) {
  const link = await findUnsubscribeLink(db, tenantId, hashToken(token));
  if (!link) throw invalidLink();
  return link;
}

export async function unsubscribeLinkInfo(
  db: Database,
  tenantId: string,
  token: string,
): Promise<UnsubscribeLink> {
  const link = await linkOf(db, tenantId, token);
  return { email: link.email ? maskEmail(link.email) : null, subscribed: !!link.subscriptionId };
}

/** Takes the address off the list; a link used before answers the same. */
export async function unsubscribe(
  db: Database,
  tenantId: string,
  token: string,
  now: Date,
): Promise<UnsubscribeLink> {
  const link = await linkOf(db, tenantId, token);
  if (link.subscriptionId && link.email) {
    const subscription = { id: link.subscriptionId, email: link.email };
    await db.transaction((tx) => removeSubscription(tx, tenantId, subscription, now));
  }
  return { email: link.email ? maskEmail(link.email) : null, subscribed: false };
}

/**
 * Everyone who agreed to hear from the shop, with when they agreed: the newsletter list and the
 * customers who ticked the box in their profile. Reading it is audited, since it is a copy of
 * personal data leaving the product.
 */
export async function exportSubscribers(db: Database, actor: AuditActor): Promise<Subscriber[]> {
  const [list, consenting] = await Promise.all([
    listSubscriptions(db, actor.tenantId),
    listConsentingCustomers(db, actor.tenantId),
  ]);
  const rows: Subscriber[] = [
    ...list.map((s) => ({
      email: s.email,
      phone: null,
      name: '',
      source: 'newsletter' as const,
      consented_at: s.createdAt.toISOString(),
    })),
    ...consenting.map((c) => ({
      email: c.email,
      phone: c.phone,
      name: `${c.firstName} ${c.lastName}`.trim(),
      source: 'account' as const,
      consented_at: (c.consentAt ?? c.createdAt).toISOString(),
    })),
  ];
  await recordAudit(db, actor, {
    action: 'newsletter.export',
    entity: 'newsletter',
    entityId: actor.tenantId,
    after: { rows: rows.length },
  });
  return rows;
}
