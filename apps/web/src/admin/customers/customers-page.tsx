import { useState } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import type { CustomerSummary } from '@servery/contract/back-office-shapes';
import { formatMoney } from '@servery/contract/pricing';
import { adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { PagedList, PageRows, type PageSlot } from '../paged-list.tsx';
import { buttonClass, LINK_CLASS } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { cachedConfig } from '../../lib/shop-config.ts';
import { shopDateTime } from '../../lib/shop-time.ts';
import { useAdminTimeZone } from '../admin-shop.ts';
import { useCustomerListQuery, useCustomerQuery } from './customers-api.ts';
import { formatPhone } from '@servery/contract/phone-format';

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
        {[c.email, c.phone && formatPhone(c.phone)].filter(Boolean).join(' · ')}
        {c.marketing_consent ? ' · agreed to marketing' : ''}
      </span>
    </>
  );
}

function CustomerSearch() {
  const [q, setQ] = useState('');
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
            onChange={(e) => setQ(e.target.value)}
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
      <PagedList filter={q.trim()}>{(slot) => <CustomerRows q={q.trim()} slot={slot} />}</PagedList>
    </>
  );
}

function CustomerRows({ q, slot }: { q: string; slot: PageSlot }) {
  const timeZone = useAdminTimeZone();
  const query = useCustomerListQuery({
    ...(q ? { q } : {}),
    ...(slot.cursor ? { cursor: slot.cursor } : {}),
  });
  return (
    <PageRows
      query={query}
      items={query.data?.customers}
      slot={slot}
      words={{
        loading: 'Loading customers…',
        none: 'No customer matches.',
        more: 'Show more customers',
      }}
    >
      {(c) => (
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
      )}
    </PageRows>
  );
}

function CustomerView() {
  const { id = '' } = useParams();
  const timeZone = useAdminTimeZone();
  const { data: c, error, isLoading } = useCustomerQuery(id);
  if (isLoading) return <p role="status">Loading the customer…</p>;
  if (error || !c) return <ProblemLine message={adminErrorMessage(error)} />;
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
