import { Link, useParams } from 'react-router';
import { adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { LINK_CLASS } from '../../components/ui/button.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { shopDateTime } from '../../lib/shop-time.ts';
import { useAdminTimeZone } from '../admin-shop.ts';
import { money } from './orders-page.tsx';
import { useOrderDetailQuery } from './orders-api.ts';
import type { OrderDetail } from '@servery/contract/back-office-shapes';
import { RefundForm } from './refund-form.tsx';
import { formatPhone } from '@servery/contract/phone-format';
import { VatInvoiceSection } from '../../components/ui/vat-invoice.tsx';

/** One order: what was ordered, who moved it and when, the messages sent, its money. */
export function OrderDetailView() {
  const { id = '' } = useParams();
  const timeZone = useAdminTimeZone();
  const session = useSessionQuery();
  const { data: order, error, isLoading } = useOrderDetailQuery(id);
  if (isLoading) return <p role="status">Loading the order…</p>;
  if (error || !order) return <ProblemLine message={adminErrorMessage(error)} />;
  const when = (iso: string) => shopDateTime(iso, timeZone);
  const canRefund = session.data ? session.data.permissions.includes('orders:refund') : false;
  return (
    <>
      <Link to=".." relative="path" className={LINK_CLASS}>
        ← All orders
      </Link>
      <h1 className="mt-2 text-3xl font-bold">Order #{order.number}</h1>
      {/* Side by side from a tablet up; one under the other on a phone (min-w-0: a long e-mail
          address wraps inside its card instead of widening the page). */}
      <div className="mt-4 grid gap-4 md:grid-cols-2 [&>*]:min-w-0 [&>*]:break-words">
        <section className={CARD_CLASS} aria-labelledby="what-heading">
          <h2 id="what-heading" className="text-xl font-bold">
            {order.status.replace(/_/g, ' ')} · {order.order_type}
          </h2>
          <p>
            {[
              order.customer.name,
              order.customer.phone && formatPhone(order.customer.phone),
              order.customer.email,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <ul className="mt-2">
            {order.lines.map((line, i) => (
              <li key={i} className="flex justify-between">
                <span>
                  {line.quantity} × {line.name}
                </span>
                <span>{money(line.line_total)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 font-semibold">Total {money(order.total)}</p>
          {order.payments.map((p, i) => (
            <p key={i}>
              {p.method} · {p.status.replace(/_/g, ' ')} · refunded {money(p.refunded)}
            </p>
          ))}
        </section>
        <section className={CARD_CLASS} aria-labelledby="timeline-heading">
          <h2 id="timeline-heading" className="text-xl font-bold">
            Timeline
          </h2>
          <ol className="mt-2 space-y-1">
            {order.timeline.map((entry, i) => (
              <li key={i}>
                <time dateTime={entry.at}>{when(entry.at)}</time> · {timelineWords(entry.what)}
                {entry.by ? ` · ${entry.by}` : ''}
              </li>
            ))}
          </ol>
          <h2 className="mt-4 text-xl font-bold">Messages sent</h2>
          <ul className="mt-2 space-y-1">
            {order.messages.length === 0 && <li>None.</li>}
            {order.messages.map((m, i) => (
              <li key={i}>{messageLine(m, when)}</li>
            ))}
          </ul>
        </section>
      </div>
      <section className={`${CARD_CLASS} mt-4`} aria-labelledby="refunds-heading">
        <h2 id="refunds-heading" className="text-xl font-bold">
          Refunds
        </h2>
        <ul className="mt-2 space-y-1 break-words" data-testid="order-refunds">
          {order.refunds.length === 0 && <li>None.</li>}
          {order.refunds.map((r) => (
            <li key={r.id}>
              {when(r.created_at)} · {money(r.amount)} {r.method} · {r.status} · {r.reason} ·{' '}
              {r.created_by}
              {r.lines.length
                ? ` · ${r.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}`
                : ''}
            </li>
          ))}
        </ul>
      </section>
      {canRefund && <RefundForm key={order.refundable} order={order} />}
      {order.vat_invoice && (
        <div className="mt-4">
          <VatInvoiceSection invoice={order.vat_invoice} money={money} when={when} />
        </div>
      )}
    </>
  );
}

/** A timeline entry in words: a move ("out_for_delivery") or what staff did ("order.refunded"). */
const timelineWords = (what: string) => what.replace(/^order\./, '').replace(/_/g, ' ');

/**
 * A message as the owner needs it: when it went (not when it was queued), or that it was not sent
 * and why (decision 82).
 */
export function messageLine(m: OrderDetail['messages'][number], when: (iso: string) => string) {
  const what = `${m.kind.replace(/_/g, ' ')} by ${m.channel} to ${m.recipient}`;
  if (m.status === 'sent' && m.sent_at) return `${when(m.sent_at)} · ${what} · sent`;
  if (m.status === 'dropped') {
    return `${what} · not sent: ${m.dropped_because ?? 'dropped'} (queued ${when(m.at)})`;
  }
  if (m.status === 'pending') return `${what} · waiting to be sent (queued ${when(m.at)})`;
  return `${what} · could not be sent (queued ${when(m.at)})`;
}
