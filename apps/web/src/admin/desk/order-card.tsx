import { formatMoney } from '@servery/contract/pricing';
import type { DeskOrder } from '@servery/contract/desk';
import { cachedConfig } from '../../lib/shop-config.ts';
import { shopClockTime } from '../../lib/shop-time.ts';
import { ADMIN_CARD, ADMIN_SECONDARY } from '../admin-ui.ts';
import { LineAllergens } from './line-allergens.tsx';
import { OrderActions } from './order-actions.tsx';

const money = (minor: number) => formatMoney(minor, { sign: cachedConfig()?.currency.sign ?? '£' });

/** One order on the board: everything needed to make it and hand it over, readable at a distance. */
export function OrderCard({
  order,
  timeZone,
  onPrint,
  printing = false,
}: {
  order: DeskOrder;
  timeZone: string;
  onPrint: (orderId: string) => void;
  printing?: boolean;
}) {
  const when = order.promised_at ?? order.scheduled_for;
  return (
    <li className={`${ADMIN_CARD} space-y-3`} aria-labelledby={`order-${order.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`order-${order.id}`} className="text-2xl font-bold">
          #{order.number} · {order.order_type === 'delivery' ? 'Delivery' : 'Collection'}
        </h3>
        <p className="text-lg font-semibold">
          {order.promised_at ? 'Promised' : order.asap ? 'ASAP, wanted by' : 'Wanted at'}{' '}
          {shopClockTime(when, timeZone)}
        </p>
      </div>
      <p className="text-base">
        {order.customer.name}
        {order.customer.phone && (
          <>
            {' · '}
            <a className="underline" href={`tel:${order.customer.phone}`}>
              {order.customer.phone}
            </a>
          </>
        )}
        {' · '}
        {order.store.name}
      </p>
      <ul className="space-y-1 text-lg">
        {order.lines.map((line, i) => (
          <li key={i}>
            <span className="font-bold">{line.quantity}×</span> {line.name}
            {line.modifier_names.length > 0 && (
              <span className="block pl-7 text-base text-stone-700">
                {line.modifier_names.join(', ')}
              </span>
            )}
            {line.note && (
              <span className="block pl-7 text-base font-semibold">Note: {line.note}</span>
            )}
            <LineAllergens
              allergens={line.allergens}
              className="mt-1 ml-7 rounded-md bg-red-50 px-2 text-base text-red-900"
            />
          </li>
        ))}
      </ul>
      {order.notes && (
        <p className="rounded-lg bg-amber-100 p-2 font-semibold">Order note: {order.notes}</p>
      )}
      {order.address && (
        <p>
          {order.address.address_line1}
          {order.address.address_line2 && `, ${order.address.address_line2}`}, {order.address.city}{' '}
          {order.address.postcode}
          {order.address.instructions && (
            <span className="block">“{order.address.instructions}”</span>
          )}
        </p>
      )}
      <p className="text-xl font-bold">
        {order.payment.paid
          ? `PAID ${money(order.total)}`
          : order.payment.to_collect > 0
            ? `CASH ${money(order.payment.to_collect)} to collect`
            : `Not paid yet (${order.payment.status.replace(/_/g, ' ')})`}
      </p>
      <OrderActions order={order} />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={ADMIN_SECONDARY}
          disabled={printing}
          onClick={() => onPrint(order.id)}
        >
          {order.print_count > 0 ? 'Reprint ticket' : 'Print ticket'}
        </button>
        {order.print_count > 0 && (
          <span className="text-stone-700">
            Printed {order.print_count === 1 ? 'once' : `${order.print_count} times`}
          </span>
        )}
      </div>
    </li>
  );
}
