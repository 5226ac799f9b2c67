import type { DeskOrder } from '@servery/contract/desk';
import { adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { useFirstDrawInSlices } from '../../lib/first-draw.ts';
import { useLiveState } from '../live/use-live-events.ts';
import { useDeskOrdersQuery } from './desk-api.ts';
import { OrderCard } from './order-card.tsx';
import { KitchenTicketSheet } from './kitchen-ticket.tsx';
import { useAutoPrint, useTicketPrinter } from './use-ticket-printer.ts';
import { RememberMoveProvider, UndoBar, useMadeMoves } from './undo-bar.tsx';

/**
 * On a tablet in landscape (1024 px) four columns were 210 px each and a new order's card 1,500 px
 * tall, its minute buttons one a line: from `lg` to `xl` the New column takes the whole first
 * row, each card with its buttons beside the order (order-card.tsx), and the other three share
 * the row below. From `xl` (1280 px) the four stand side by side (decision 66).
 */
const COLUMNS: { title: string; statuses: DeskOrder['status'][]; wide?: boolean }[] = [
  { title: 'New', statuses: ['placed'], wide: true },
  { title: 'Accepted and preparing', statuses: ['accepted', 'preparing'] },
  { title: 'Ready', statuses: ['ready'] },
  { title: 'Out for delivery', statuses: ['out_for_delivery'] },
];

/**
 * The live order desk: every open order of the person's stores, in four columns. The list is
 * refetched on order events by the staff application's service state, which rings for it on
 * every screen (service-alert/, docs/decisions/0032): the desk only draws it.
 */
export function DeskPage() {
  const session = useSessionQuery().data;
  const timeZone = session?.shop.timeZone ?? 'Europe/London';
  const answerMinutes = session?.shop.auto_reject_minutes;
  const orders = useDeskOrdersQuery();
  // The first cards are drawn in slices (lib/first-draw.ts); the count and the auto-print
  // read the list as it arrives.
  const shown = useFirstDrawInSlices(Boolean(orders.data)) ? orders.data : undefined;
  const live = useLiveState();
  const list = orders.data ?? [];
  const newCount = list.filter((o) => o.status === 'placed').length;
  const printer = useTicketPrinter();
  useAutoPrint(list, printer.print);
  const made = useMadeMoves();

  return (
    <>
      {/* The heading and the connection's state share a line: the first card sits a line higher
          on a tablet (decision 74 took the header down; this is the desk's own part). */}
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-3xl font-bold">
          Order desk{' '}
          {newCount > 0 && (
            <span className="ml-2 rounded-full bg-red-700 px-3 py-1 text-xl text-white">
              {newCount} new
            </span>
          )}
        </h1>
        <p
          role="status"
          className={`min-h-7 font-semibold ${live === 'reconnecting' ? 'text-red-700' : 'text-stone-700'}`}
        >
          {live === 'reconnecting'
            ? 'Reconnecting… the board may be out of date.'
            : live === 'live'
              ? 'Live.'
              : 'Connecting…'}
        </p>
      </div>
      <ProblemLine message={printer.problem} />
      {orders.error && <ProblemLine message={adminErrorMessage(orders.error)} />}
      {shown ? (
        <RememberMoveProvider value={made.remember}>
          <Columns
            orders={shown}
            timeZone={timeZone}
            printer={printer}
            autoRejectMinutes={answerMinutes}
          />
        </RememberMoveProvider>
      ) : orders.isLoading || orders.data ? (
        // Not the empty columns: "Nothing here" would be untrue until the list is in, and the
        // columns would jump down the screen when it came.
        <p role="status" className="mt-4 text-lg text-stone-700">
          Loading the open orders…
        </p>
      ) : null}
      <UndoBar made={made} />
      {printer.ticket && <KitchenTicketSheet ticket={printer.ticket} timeZone={timeZone} />}
    </>
  );
}

/** The four columns of the board, each with its orders in the order the server gives them. */
function Columns({
  orders,
  timeZone,
  printer,
  autoRejectMinutes,
}: {
  orders: DeskOrder[];
  timeZone: string;
  printer: ReturnType<typeof useTicketPrinter>;
  autoRejectMinutes: number | undefined;
}) {
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-3 xl:grid-cols-4">
      {COLUMNS.map((column) => {
        const inColumn = orders.filter((o) => column.statuses.includes(o.status));
        const headingId = `column-${column.statuses[0]}`;
        return (
          <section
            key={column.title}
            aria-labelledby={headingId}
            className={`rounded-2xl bg-stone-200 p-3 ${column.wide ? 'lg:max-xl:col-span-3' : ''}`}
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
                    autoRejectMinutes={autoRejectMinutes}
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
