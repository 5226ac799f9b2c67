import { useState } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import type { CustomerSummary } from '@servery/contract/back-office-shapes';
import { formatMoney } from '@servery/contract/pricing';
import { adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { buttonClass, LINK_CLASS } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { cachedConfig } from '../../lib/shop-config.ts';
import { shopDateTime, useShopTimeZone } from '../../lib/shop-time.ts';
import { useCustomerListQuery, useCustomerQuery } from './customers-api.ts';

const money = (minor: number) => formatMoney(minor, { sign: cachedConfig()?.currency.sign ?? '£' });

/** The shop's customers (issue 29 point 5): search, their orders, and an owner's CSV export. */
export function CustomersPage() {
  return (
    <Routes>
      <Route index element={<CustomerSearch />} />
      <Route path=":id" element={<CustomerView />} />
    </Routes>
  );
}

function Who({ c }: { c: CustomerSummary }) {
  if (c.deleted) return <span className="font-semibold italic">Deleted account</span>;
  return (
    <>
      <span className="block font-semibold">{c.name ?? 'No name'}</span>
      <span className="block text-stone-700">
        {[c.email, c.phone].filter(Boolean).join(' · ')}
        {c.marketing_consent ? ' · agreed to marketing' : ''}
      </span>
    </>
  );
}

function CustomerSearch() {
  const [q, setQ] = useState('');
  const [cursors, setCursors] = useState<string[]>(['']);
  const session = useSessionQuery();
  const canExport = session.data?.permissions.includes('customers:export');
  return (
    <>
      <h1 className="text-3xl font-bold">Customers</h1>
      <form
        role="search"
        className={`${CARD_CLASS} mt-4 flex items-end gap-4`}
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="flex-1 font-medium">
          Name, e-mail or phone
          <input
            type="search"
            className={inputClass({ size: 'lg' })}
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setCursors(['']);
            }}
          />
        </label>
        {canExport && (
          <a
            className={buttonClass({ variant: 'outline', size: 'lg' })}
            href={`/api/admin/customers?format=csv${q.trim() ? `&q=${encodeURIComponent(q.trim())}` : ''}`}
            download
          >
            Export CSV
          </a>
        )}
      </form>
      <ul className="mt-4 space-y-3">
        {cursors.map((cursor, index) => (
          <CustomerRows
            key={cursor}
            q={q.trim()}
            cursor={cursor}
            onMore={
              index === cursors.length - 1 ? (next) => setCursors((c) => [...c, next]) : undefined
            }
          />
        ))}
      </ul>
    </>
  );
}

function CustomerRows({
  q,
  cursor,
  onMore,
}: {
  q: string;
  cursor: string;
  onMore?: (next: string) => void;
}) {
  const timeZone = useShopTimeZone();
  const { data, error, isLoading } = useCustomerListQuery({
    ...(q ? { q } : {}),
    ...(cursor ? { cursor } : {}),
  });
  if (isLoading) return <li role="status">Loading customers…</li>;
  if (error)
    return (
      <li role="alert" className="text-red-700">
        {adminErrorMessage(error)}
      </li>
    );
  if (!data?.customers.length) return cursor ? null : <li>No customer matches.</li>;
  return (
    <>
      {data.customers.map((c) => (
        <li key={c.id}>
          <Link
            to={c.id}
            className={`${CARD_CLASS} grid grid-cols-[1fr_auto] items-center gap-4 hover:bg-stone-50`}
          >
            <span>
              <Who c={c} />
            </span>
            <span className="text-right">
              <span className="block text-lg font-semibold">{money(c.total_spent)}</span>
              <span className="block text-stone-700">
                {c.orders} {c.orders === 1 ? 'order' : 'orders'}
                {c.last_order_at ? ` · last ${shopDateTime(c.last_order_at, timeZone)}` : ''}
              </span>
            </span>
          </Link>
        </li>
      ))}
      {onMore && data.next_cursor && (
        <li>
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'lg' })}
            onClick={() => onMore(data.next_cursor!)}
          >
            Show more customers
          </button>
        </li>
      )}
    </>
  );
}

function CustomerView() {
  const { id = '' } = useParams();
  const timeZone = useShopTimeZone();
  const { data: c, error, isLoading } = useCustomerQuery(id);
  if (isLoading) return <p role="status">Loading the customer…</p>;
  if (error || !c)
    return (
      <p role="alert" className="text-red-700">
        {adminErrorMessage(error)}
      </p>
    );
  return (
    <>
      <Link to=".." relative="path" className={LINK_CLASS}>
        ← All customers
      </Link>
      <h1 className="mt-2 text-3xl font-bold">
        {c.deleted ? 'Deleted account' : (c.name ?? 'Customer')}
      </h1>
      <p className={`${CARD_CLASS} mt-4`}>
        <Who c={c} />
        <span className="mt-2 block">
          {c.orders} orders · spent {money(c.total_spent)} (after refunds)
        </span>
      </p>
      <ul className="mt-4 space-y-2" data-testid="customer-orders">
        {c.order_history.map((o) => (
          <li key={o.id} className={`${CARD_CLASS} flex justify-between gap-4`}>
            <Link className={LINK_CLASS} to={`/admin/orders/${o.id}`}>
              #{o.number}
            </Link>
            <span>
              {shopDateTime(o.created_at, timeZone)} · {o.store} · {o.status.replace(/_/g, ' ')}
            </span>
            <span>
              {money(o.total)}
              {o.refunded > 0 ? ` · refunded ${money(o.refunded)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
