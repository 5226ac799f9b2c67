import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { formatMoney } from '@servery/contract/pricing';
import { PagedList, PageRows, type PageSlot } from '../paged-list.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { cachedConfig } from '../../lib/shop-config.ts';
import { shopDateTime } from '../../lib/shop-time.ts';
import { useAdminTimeZone } from '../admin-shop.ts';
import { OrderDetailView } from './order-detail.tsx';
import { useOrderHistoryQuery, type HistoryParams } from './orders-api.ts';

export const money = (minor: number) =>
  formatMoney(minor, { sign: cachedConfig()?.currency.sign ?? '£' });
const STATUSES = 'placed,accepted,preparing,ready,out_for_delivery,completed,rejected,cancelled';

/** The order history (issue 29 point 3): search, filters, pages, and each order's detail. */
export function OrdersPage() {
  return (
    <Routes>
      <Route index element={<OrderSearch />} />
      <Route path=":id" element={<OrderDetailView />} />
    </Routes>
  );
}

function OrderSearch() {
  const [form, setForm] = useState({ q: '', from: '', to: '', status: '', type: '', payment: '' });
  const params: HistoryParams = { status: STATUSES };
  for (const [key, value] of Object.entries(form)) {
    if (value.trim()) params[key as keyof HistoryParams] = value.trim();
  }
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
  };
  const select = (key: keyof typeof form, label: string, options: [string, string][]) => (
    <label className="font-medium">
      {label}
      <select className={inputClass({ size: 'lg' })} value={form[key]} onChange={set(key)}>
        <option value="">Any</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      <h1 className="text-3xl font-bold">Orders</h1>
      <form
        role="search"
        className={`${CARD_CLASS} mt-4 grid grid-cols-3 gap-4`}
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="col-span-3 font-medium">
          Number, name, phone, e-mail or postcode
          <input
            type="search"
            className={inputClass({ size: 'lg' })}
            value={form.q}
            onChange={set('q')}
          />
        </label>
        <label className="font-medium">
          Placed from
          <input
            type="date"
            aria-describedby="orders-day-hint"
            className={inputClass({ size: 'lg' })}
            value={form.from}
            onChange={set('from')}
          />
        </label>
        <label className="font-medium">
          Placed until
          <input
            type="date"
            aria-describedby="orders-day-hint"
            className={inputClass({ size: 'lg' })}
            value={form.to}
            onChange={set('to')}
          />
        </label>
        {select(
          'status',
          'Status',
          STATUSES.split(',').map((s) => [s, s.replace(/_/g, ' ')]),
        )}
        {select('type', 'Type', [
          ['delivery', 'Delivery'],
          ['collection', 'Collection'],
        ])}
        {select('payment', 'Payment', [
          ['card', 'Card'],
          ['cash', 'Cash'],
        ])}
        <p id="orders-day-hint" className="col-span-3 text-stone-700">
          A day runs from 4:00 AM to 4:00 AM, as in the reports: an order at 12:30 AM is the evening
          before’s.
        </p>
      </form>
      <PagedList filter={JSON.stringify(params)}>
        {(slot) => <HistoryRows params={params} slot={slot} />}
      </PagedList>
    </>
  );
}

function HistoryRows({ params, slot }: { params: HistoryParams; slot: PageSlot }) {
  const timeZone = useAdminTimeZone();
  const query = useOrderHistoryQuery({
    ...params,
    ...(slot.cursor ? { cursor: slot.cursor } : {}),
  });
  return (
    <PageRows
      query={query}
      items={query.data?.orders}
      slot={slot}
      words={{ loading: 'Loading orders…', none: 'No order matches.', more: 'Show older orders' }}
    >
      {(order) => (
        <Link
          to={order.id}
          className={`${CARD_CLASS} grid grid-cols-[6rem_1fr_auto] items-center gap-4 hover:bg-stone-50`}
        >
          <span className="text-2xl font-bold">#{order.number}</span>
          <span>
            <span className="block font-semibold">{order.customer.name}</span>
            <span className="block text-stone-700">
              {shopDateTime(order.created_at, timeZone)} · {order.store.name} · {order.order_type} ·{' '}
              {order.status.replace(/_/g, ' ')}
            </span>
          </span>
          <span className="text-right text-lg font-semibold">
            {money(order.total)}
            {order.refunded > 0 && (
              <span className="block text-sm text-red-800">Refunded {money(order.refunded)}</span>
            )}
          </span>
        </Link>
      )}
    </PageRows>
  );
}
