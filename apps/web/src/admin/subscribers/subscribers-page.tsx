import { useMemo } from 'react';
import type { Subscriber } from '@servery/contract/personal-data';
import { adminApi, adminErrorMessage } from '../admin-api.ts';
import { csvOf } from '../admin-csv.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { formatPhone } from '@servery/contract/phone-format';

const subscribersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    subscribers: build.query<Subscriber[], void>({
      query: () => '/newsletter/subscribers',
      transformResponse: (body: { data: Subscriber[] }) => body.data,
      // A copy of personal data: fetched afresh each visit (and audited by the server).
      keepUnusedDataFor: 0,
    }),
  }),
});

const SOURCE_LABELS: Record<Subscriber['source'], string> = {
  newsletter: 'Newsletter form',
  account: 'Account profile',
};

/** Consent times in UK form, with the zone, since a regulator may ask when consent was given. */
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  });

/** The subscribers as a CSV file, consent times in ISO 8601 (UTC). */
export function subscribersCsv(rows: Subscriber[]): string {
  return csvOf([
    ['E-mail', 'Phone', 'Name', 'Consent given through', 'Consent given at (UTC)'],
    ...rows.map((r) => [
      r.email ?? '',
      r.phone ?? '',
      r.name,
      SOURCE_LABELS[r.source],
      r.consented_at,
    ]),
  ]);
}

/** Owners: who agreed to hear from the shop, and when (issue 17), with a CSV download. */
export function SubscribersPage() {
  const { data, error, isLoading } = subscribersApi.useSubscribersQuery();
  const href = useMemo(
    () => (data ? `data:text/csv;charset=utf-8,${encodeURIComponent(subscribersCsv(data))}` : ''),
    [data],
  );
  return (
    <>
      <h1 className="text-3xl font-bold">Subscribers</h1>
      <p className="mt-1 text-stone-700">
        Everyone who agreed to hear from you, and when. Each download is written to the audit log.
      </p>
      <section className={`${CARD_CLASS} mt-4`} aria-busy={isLoading}>
        {error ? (
          <ProblemLine message={adminErrorMessage(error)} />
        ) : !data ? (
          <p>Loading subscribers…</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="font-medium">
                {data.length === 1 ? '1 subscriber' : `${data.length} subscribers`}
              </p>
              <a
                className={buttonClass({ variant: 'outline', size: 'lg' })}
                href={href}
                download={`subscribers-${new Date().toISOString().slice(0, 10)}.csv`}
              >
                Download CSV
              </a>
            </div>
            {data.length > 0 && (
              <div className="mt-4 overflow-x-auto">
                <table className="w-full text-left">
                  <thead>
                    <tr className="border-b border-stone-300">
                      <th className="py-2 pr-4">Contact</th>
                      <th className="py-2 pr-4">Through</th>
                      <th className="py-2">Consent given</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.map((row, index) => (
                      <tr key={index} className="border-b border-stone-200 last:border-0">
                        <td className="py-2 pr-4 break-all">
                          {row.email ?? (row.phone && formatPhone(row.phone))}
                          {row.name ? (
                            <span className="block text-stone-700">{row.name}</span>
                          ) : null}
                        </td>
                        <td className="py-2 pr-4">{SOURCE_LABELS[row.source]}</td>
                        <td className="py-2">{when(row.consented_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </section>
    </>
  );
}
