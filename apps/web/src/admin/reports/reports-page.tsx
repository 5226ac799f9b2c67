import { useState } from 'react';
import { formatMoney } from '@servery/contract/pricing';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { cachedConfig } from '../../lib/shop-config.ts';
import { adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { useAdminTimeZone } from '../admin-shop.ts';
import { HourChart } from './hour-chart.tsx';
import {
  NO_ORDERS,
  TRADING_DAY_SAID,
  periodOf,
  rangeOf,
  tradingToday,
  type RangeKind,
} from './report-range.ts';
import { reportCsvUrl, useReportStoresQuery, useSalesReportQuery } from './reports-api.ts';
import { SalesFiguresView } from './sales-figures-view.tsx';
import { printZReport, ZReport } from './z-report.tsx';

const KINDS: { kind: RangeKind; label: string }[] = [
  { kind: 'day', label: 'Day' },
  { kind: 'week', label: 'Week' },
  { kind: 'month', label: 'Month' },
  { kind: 'custom', label: 'Custom' },
];

/** Owners and managers: sales for a day, week, month or any range, and the end of day (issue 29). */
export function ReportsPage() {
  const config = cachedConfig();
  const session = useSessionQuery();
  const timeZone = useAdminTimeZone();
  const today = tradingToday(timeZone);
  const [kind, setKind] = useState<RangeKind>('day');
  const [day, setDay] = useState(today);
  const [custom, setCustom] = useState({ from: today, to: today });
  const [storeId, setStoreId] = useState('');
  const stores = useReportStoresQuery();
  const range = { ...rangeOf(kind, day, custom), ...(storeId ? { store_id: storeId } : {}) };
  const report = useSalesReportQuery(range);
  // This period's figures only: a period the server refused (or still loading) shows none, not
  // the last period's under the new heading (walk 2, finding 7).
  const sales = report.currentData;
  const money = (minor: number) => formatMoney(minor, { sign: config?.currency.sign ?? '£' });
  const storeName = stores.data?.find((s) => s.id === storeId)?.name ?? 'All stores';
  const dateInput = (label: string, value: string, onChange: (v: string) => void) => (
    <label className="font-medium">
      {label}
      <input
        type="date"
        className={inputClass({ size: 'lg' })}
        value={value}
        max={today}
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
    </label>
  );
  return (
    <>
      <h1 className="text-3xl font-bold">Reports</h1>
      <form
        className={`${CARD_CLASS} mt-4 flex flex-wrap items-end gap-4`}
        onSubmit={(e) => e.preventDefault()}
      >
        <fieldset className="flex flex-wrap gap-2">
          <legend className="mb-1 font-medium">Period</legend>
          {KINDS.map((k) => (
            <button
              key={k.kind}
              type="button"
              aria-pressed={kind === k.kind}
              className={buttonClass({
                variant: kind === k.kind ? 'primary' : 'outline',
                size: 'lg',
              })}
              onClick={() => setKind(k.kind)}
            >
              {k.label}
            </button>
          ))}
        </fieldset>
        {kind === 'custom' ? (
          <>
            {dateInput('From', custom.from, (from) => setCustom((c) => ({ ...c, from })))}
            {dateInput('To', custom.to, (to) => setCustom((c) => ({ ...c, to })))}
          </>
        ) : (
          dateInput(kind === 'day' ? 'Day' : 'A day in it', day, setDay)
        )}
        <label className="font-medium">
          Store
          <select
            className={inputClass({ size: 'lg' })}
            value={storeId}
            onChange={(e) => setStoreId(e.target.value)}
          >
            <option value="">All stores</option>
            {stores.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p className="mt-4 text-lg">
        {periodOf(range)} · {storeName}
      </p>
      <p className="text-sm text-stone-600">{TRADING_DAY_SAID}</p>
      {report.isFetching && !sales && <p role="status">Loading the figures…</p>}
      {report.error && <ProblemLine message={adminErrorMessage(report.error)} />}
      {sales && (
        <>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className={buttonClass({ size: 'lg' })} onClick={printZReport}>
              Print Z report (80 mm)
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              onClick={() => window.print()}
            >
              Print as a page
            </button>
            <a
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              href={reportCsvUrl(range, 'csv')}
              download
            >
              Figures as CSV
            </a>
            <a
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              href={reportCsvUrl(range, 'orders_csv')}
              download
            >
              Orders as CSV
            </a>
          </div>
          <SalesFiguresView report={sales} money={money} />
          <section className={`${CARD_CLASS} mt-4`} aria-labelledby="hours-heading">
            <h2 id="hours-heading" className="text-xl font-bold">
              Orders by hour
            </h2>
            {sales.orders === 0 && <p className="mt-2">{NO_ORDERS}</p>}
            {/* With no orders in either period there is nothing to draw; with some before, the
                chart still shows them. */}
            {sales.orders + sales.previous.orders > 0 && (
              <HourChart now={sales.by_hour} before={sales.previous.by_hour} />
            )}
          </section>
          <ZReport
            report={sales}
            shop={session.data?.shop.name ?? config?.websiteName ?? ''}
            store={storeName}
            money={money}
          />
        </>
      )}
    </>
  );
}
