import { useState } from 'react';
import type { AuditEntry, AuditQuery } from '@servery/contract/staff';
import { adminApi, adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { useEditorMenuQuery } from '../menu/menu-editor-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { shopShortDateTime } from '../../lib/shop-time.ts';
import { adminMoney, useAdminTimeZone } from '../admin-shop.ts';
import { entryChanges, type ShownValue, type ValueContext } from './audit-fields.ts';

const auditApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.query<AuditEntry[], AuditQuery>({
      query: (params) => ({ url: '/audit', params }),
      transformResponse: (body: { data: AuditEntry[] }) => body.data,
      providesTags: ['Audit'],
    }),
  }),
});

const PAGE = 50;

/** What can be filtered by, under the names staff use (the audit rows' own entity names). */
const THINGS: Record<string, string> = {
  order: 'Orders',
  booking: 'Bookings',
  menu_item: 'Dishes',
  menu_category: 'Menu categories',
  menu_option: 'Dish options',
  promo: 'Promo codes',
  staff: 'Staff',
  store: 'Stores',
  shop: 'Shop settings',
};

/** Owners: every change staff made, newest first, filtered by what and who. */
export function AuditPage() {
  const [entity, setEntity] = useState('');
  const [actor, setActor] = useState('');
  const [pages, setPages] = useState<number[]>([0]);
  const filters = {
    ...(entity ? { entity } : {}),
    ...(actor.trim() ? { actor: actor.trim() } : {}),
  };
  return (
    <>
      <h1 className="text-3xl font-bold">Audit log</h1>
      <form
        className={`${CARD_CLASS} mt-4 grid gap-4 sm:grid-cols-2`}
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter the audit log"
      >
        <label className="font-medium">
          What changed
          <select
            className={inputClass({ size: 'lg' })}
            value={entity}
            onChange={(e) => {
              setEntity(e.target.value);
              setPages([0]);
            }}
          >
            <option value="">Everything</option>
            {Object.entries(THINGS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="font-medium">
          Who (e-mail address)
          <input
            className={inputClass({ size: 'lg' })}
            type="search"
            value={actor}
            onChange={(e) => {
              setActor(e.target.value);
              setPages([0]);
            }}
          />
        </label>
      </form>
      <ol className="mt-4 space-y-3" aria-label="Changes, newest first">
        {pages.map((before, index) => (
          <AuditPageRows
            key={before}
            query={{ ...filters, limit: PAGE, ...(before ? { before } : {}) }}
            onMore={
              index === pages.length - 1 ? (oldest) => setPages((p) => [...p, oldest]) : undefined
            }
          />
        ))}
      </ol>
    </>
  );
}

function AuditPageRows({
  query,
  onMore,
}: {
  query: AuditQuery;
  onMore?: (oldestId: number) => void;
}) {
  const { data, error, isLoading } = auditApi.useAuditLogQuery(query);
  const timeZone = useAdminTimeZone();
  // The owner's session lists every store of the shop: their names stand for their ids.
  const stores = useSessionQuery().data?.stores ?? [];
  // A dish's category is recorded by its id: the menu's categories name it.
  const categories = useEditorMenuQuery(undefined).data?.categories;
  if (isLoading) return <li role="status">Loading…</li>;
  if (error) return <ProblemLine as="li" message={adminErrorMessage(error)} />;
  if (!data || data.length === 0)
    return query.before ? null : (
      <li>
        {query.actor || query.entity
          ? 'No change matches these filters.'
          : 'Nothing has been changed yet.'}
      </li>
    );
  return (
    <>
      {data.map((entry) => (
        <li key={entry.id} className={CARD_CLASS}>
          {/* Named as staff know it (#1042, a dish's name); an id only when nothing names it. */}
          <p className="font-semibold">
            {describeAction(entry.action)} ·{' '}
            {entry.label ?? `${entry.entity.replace(/_/g, ' ')} ${entry.entity_id.slice(0, 8)}`}
          </p>
          <p className="text-stone-700">
            {entry.actor.email} ({entry.actor.role}) ·{' '}
            <time dateTime={entry.at}>{shopShortDateTime(entry.at, timeZone)}</time>
            {entry.ip ? ` · from ${entry.ip}` : ''}
          </p>
          <Changes entry={entry} context={{ timeZone, money: adminMoney, stores, categories }} />
        </li>
      ))}
      {onMore && data.length === query.limit && (
        <li>
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'lg' })}
            onClick={() => onMore(data.at(-1)!.id)}
          >
            Show older changes
          </button>
        </li>
      )}
    </>
  );
}

/**
 * The fields that differ between before and after, one line each, in the owner's words; a list
 * (zones, hours, special days, option groups) says what was added, removed or changed in it.
 */
function Changes({
  entry,
  context,
}: {
  entry: AuditEntry;
  context: Omit<ValueContext, 'record' | 'entity'>;
}) {
  const changes = entryChanges(entry, context);
  if (changes.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
      {changes.map((change) => (
        <div key={change.key} className="contents">
          <dt className="font-medium">{change.label}</dt>
          <dd className="wrap-anywhere">
            {change.lines ? (
              <ul>
                {change.lines.map((line, index) => (
                  <li key={index}>{line.text}</li>
                ))}
              </ul>
            ) : (
              <>
                {change.before && (
                  <del className="mr-2 text-stone-600">
                    <Value shown={change.before} />
                  </del>
                )}
                {change.after && (
                  <ins className="no-underline">
                    <Value shown={change.after} />
                  </ins>
                )}
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Ids staff may quote are shown whole, in a small monospace font, to read out or paste. */
const Value = ({ shown }: { shown: ShownValue }) =>
  shown.id ? <code className="font-mono text-xs">{shown.text}</code> : shown.text;

const describeAction = (action: string) => action.replace('.', ' ').replace(/_/g, ' ');
