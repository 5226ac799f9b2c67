import { useCallback } from 'react';
import type { DeskOrder } from '@servery/contract/desk';
import { adminApi, adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { useAdminDispatch } from '../admin-state.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { useLiveEvents } from '../live/use-live-events.ts';
import { useDeskOrdersQuery } from './desk-api.ts';
import { OrderCard } from './order-card.tsx';
import { KitchenTicketSheet } from './kitchen-ticket.tsx';
import { useServiceAlert } from './use-service-alert.ts';
import { useAutoPrint, useTicketPrinter } from './use-ticket-printer.ts';

const COLUMNS: { title: string; statuses: DeskOrder['status'][] }[] = [
  { title: 'New', statuses: ['placed'] },
  { title: 'Accepted and preparing', statuses: ['accepted', 'preparing'] },
  { title: 'Ready', statuses: ['ready'] },
  { title: 'Out for delivery', statuses: ['out_for_delivery'] },
];

/** The live order desk: every open order of the person's stores, in four columns. */
export function DeskPage() {
  const dispatch = useAdminDispatch();
  const timeZone = useSessionQuery().data?.shop.timeZone ?? 'Europe/London';
  const orders = useDeskOrdersQuery();
  const refetch = useCallback(
    (kind: string) => {
      if (kind.startsWith('order.') || kind === 'reconnected') {
        dispatch(adminApi.util.invalidateTags(['Order']));
      }
    },
    [dispatch],
  );
  const live = useLiveEvents(refetch);
  const list = orders.data ?? [];
  const newCount = list.filter((o) => o.status === 'placed').length;
  const alert = useServiceAlert(newCount);
  const printer = useTicketPrinter();
  useAutoPrint(list, printer.print);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">
          Order desk{' '}
          {newCount > 0 && (
            <span className="ml-2 rounded-full bg-red-700 px-3 py-1 text-xl text-white">
              {newCount} new
            </span>
          )}
        </h1>
        {!alert.started ? (
          <button
            type="button"
            className={`${buttonClass({ size: 'lg' })} text-lg`}
            onClick={() => void alert.start()}
          >
            Start service (sound on, screen awake)
          </button>
        ) : (
          <p className="font-semibold text-green-800">
            Service started: a chime every 10 s while anything is new.
          </p>
        )}
      </div>
      <p
        role="status"
        className={`mt-2 min-h-7 font-semibold ${live === 'reconnecting' ? 'text-red-700' : 'text-stone-700'}`}
      >
        {live === 'reconnecting'
          ? 'Reconnecting… the board may be out of date.'
          : live === 'live'
            ? 'Live.'
            : 'Connecting…'}
      </p>
      {printer.problem && (
        <p role="alert" className="text-red-700">
          {printer.problem}
        </p>
      )}
      {orders.error && (
        <p role="alert" className="text-red-700">
          {adminErrorMessage(orders.error)}
        </p>
      )}
      {orders.data ? (
        <Columns orders={orders.data} timeZone={timeZone} printer={printer} />
      ) : orders.isLoading ? (
        // Not the empty columns: "Nothing here" would be untrue until the list is in, and the
        // columns would jump down the screen when it came.
        <p role="status" className="mt-4 text-lg text-stone-700">
          Loading the open orders…
        </p>
      ) : null}
      {printer.ticket && <KitchenTicketSheet ticket={printer.ticket} timeZone={timeZone} />}
    </>
  );
}

/** The four columns of the board, each with its orders in the order the server gives them. */
function Columns({
  orders,
  timeZone,
  printer,
}: {
  orders: DeskOrder[];
  timeZone: string;
  printer: ReturnType<typeof useTicketPrinter>;
}) {
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-4">
      {COLUMNS.map((column) => {
        const inColumn = orders.filter((o) => column.statuses.includes(o.status));
        const headingId = `column-${column.statuses[0]}`;
        return (
          <section
            key={column.title}
            aria-labelledby={headingId}
            className="rounded-2xl bg-stone-200 p-3"
          >
            <h2 id={headingId} className="mb-3 text-xl font-bold">
              {column.title} ({inColumn.length})
            </h2>
            {inColumn.length === 0 ? (
              <p className="text-stone-700">Nothing here.</p>
            ) : (
              <ul className="space-y-3">
                {inColumn.map((order) => (
                  <OrderCard
                    key={order.id}
                    order={order}
                    timeZone={timeZone}
                    onPrint={printer.print}
                    printing={printer.printing}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
