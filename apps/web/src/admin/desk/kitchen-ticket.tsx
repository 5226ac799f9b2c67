import { createPortal } from 'react-dom';
import type { KitchenTicket } from '@servery/contract/desk';
import { formatMoney } from '@servery/contract/pricing';
import { cachedConfig } from '../../lib/shop-config.ts';
import { shopDateTime } from '../../lib/shop-time.ts';
import { kitchenTimes } from './kitchen-times.ts';
import { LineAllergens } from './line-allergens.tsx';
import './kitchen-ticket.css';
import { formatPhone } from '@servery/contract/phone-format';

const money = (minor: number) => formatMoney(minor, { sign: cachedConfig()?.currency.sign ?? '£' });

/** The ticket's words: what the kitchen makes and how it leaves, on 80 mm of paper. */
export function KitchenTicketBody({
  ticket,
  timeZone,
}: {
  ticket: KitchenTicket;
  timeZone: string;
}) {
  const { order } = ticket;
  const delivery = order.order_type === 'delivery';
  // A pre-order printed before it is accepted carries its day.
  const times = kitchenTimes(order, timeZone, !order.promised_at && !order.asap);
  return (
    <>
      {ticket.reprint && (
        <p className="ticket-reprint" data-testid="ticket-reprint">
          REPRINT
        </p>
      )}
      <h1>{ticket.shop_name}</h1>
      <p>{order.store.name}</p>
      <div className="ticket-rule" />
      <h2 className="ticket-number">#{order.number}</h2>
      <p className="ticket-type">{delivery ? 'DELIVERY' : 'COLLECTION'}</p>
      <p className="ticket-ready">{times.ready}</p>
      <p>{times.customer}</p>
      <div className="ticket-rule" />
      <ul className="ticket-lines">
        {order.lines.map((line, index) => (
          <li key={index}>
            <span className="ticket-line">
              {line.quantity} × {line.name}
            </span>
            {line.modifier_names.length > 0 && (
              <span className="ticket-sub">{line.modifier_names.join(', ')}</span>
            )}
            {line.note && <span className="ticket-sub">Note: {line.note}</span>}
            <LineAllergens allergens={line.allergens} className="ticket-allergens" />
          </li>
        ))}
      </ul>
      {order.notes && (
        <>
          <div className="ticket-rule" />
          <p>
            <strong>Order note:</strong> {order.notes}
          </p>
        </>
      )}
      <div className="ticket-rule" />
      <p>{order.customer.name}</p>
      {order.customer.phone && <p>{formatPhone(order.customer.phone)}</p>}
      {delivery && order.address && (
        <p className="ticket-address">
          {[order.address.address_line1, order.address.address_line2, order.address.city]
            .filter(Boolean)
            .join(', ')}{' '}
          {order.address.postcode}
          {order.address.instructions && <span>“{order.address.instructions}”</span>}
        </p>
      )}
      <div className="ticket-rule" />
      <p className="ticket-payment">
        {order.payment.paid
          ? `PAID ${money(order.total)}`
          : order.payment.to_collect > 0
            ? `CASH ${money(order.payment.to_collect)} TO COLLECT`
            : `NOT PAID (${order.payment.status.replace(/_/g, ' ')})`}
      </p>
      <p>
        Printed {shopDateTime(ticket.printed_at, timeZone)}
        {ticket.reprint ? ` · print ${ticket.print_count}` : ''}
      </p>
    </>
  );
}

/**
 * The ticket as the print sees it: a child of <body> (kitchen-ticket.css hides everything else
 * in print, and hides this on screen).
 */
export function KitchenTicketSheet({
  ticket,
  timeZone,
}: {
  ticket: KitchenTicket;
  timeZone: string;
}) {
  return createPortal(
    <section
      className="kitchen-ticket"
      aria-label={`Kitchen ticket for order ${ticket.order.number}`}
    >
      <KitchenTicketBody ticket={ticket} timeZone={timeZone} />
    </section>,
    document.body,
  );
}
