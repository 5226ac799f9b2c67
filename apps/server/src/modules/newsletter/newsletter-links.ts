import { randomBytes } from 'node:crypto';
import { unsubscribePath } from '@servery/contract/personal-data';
import type { Executor } from '../../db/client.ts';
import type { NewOutboxMessage } from '../outbox/outbox.repository.ts';
import { findSubscription, insertUnsubscribeLink } from './newsletter.repository.ts';
import { hashToken } from '../../lib/hash-token.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * A new unsubscribe link for one subscriber (decision 0021). Only the token's hash is kept, so
 * every e-mail mints its own link and each keeps working. `origin` must come from the shop's
 * own hosts (modules/tenants/shop-origin.ts: `shopOrigin` with a request, `canonicalOrigin`
 * without one), never from a request's Host header. Null when the address is not on the list.
 */
export async function issueUnsubscribeLink(
  db: Executor,
  tenantId: string,
  email: string,
  origin: string,
): Promise<string | null> {
  const subscription = await findSubscription(db, tenantId, email);
  if (!subscription) return null;
  const token = randomBytes(32).toString('base64url');
  await insertUnsubscribeLink(db, {
    tenantId,
    subscriptionId: subscription.id,
    tokenHash: hashToken(token),
  });
  return `${origin}${unsubscribePath(token)}`;
}

export interface NewsletterEmailInput {
  tenantId: string;
  shopName: string;
  recipient: string;
  subject: string;
  /** The body as plain text and as an HTML fragment (already escaped). */
  text: string;
  htmlFragment: string;
  unsubscribeUrl: string;
}

/**
 * The one way to build a newsletter or marketing e-mail: it always ends with the unsubscribe
 * link (PECR reg. 22: every marketing e-mail offers a simple way to opt out). The product sends
 * no newsletters yet; whatever sends them later builds them here.
 */
export function newsletterEmail(input: NewsletterEmailInput): NewOutboxMessage {
  const footer = `You get this because you subscribed to ${input.shopName}'s newsletter. Unsubscribe: ${input.unsubscribeUrl}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#18181b;padding:24px">
${input.htmlFragment}
<p style="font-size:12px;color:#52525b">You get this because you subscribed to ${escapeHtml(input.shopName)}'s newsletter. <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return {
    tenantId: input.tenantId,
    channel: 'email',
    recipient: input.recipient,
    kind: 'newsletter',
    subject: input.subject,
    textBody: `${input.text}\n\n--\n${footer}`,
    htmlBody: html,
    senderName: input.shopName,
    discardAfter: null,
    attachments: null,
  };
}
