import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ACCEPT_MINUTE_PRESETS,
  DELAY_MINUTE_PRESETS,
  isUndoableMove,
  MOVE_MINUTES,
  moveMinutesAllowed,
} from '@servery/contract/desk-moves';
import type { DeskOrder } from '@servery/contract/desk';
import { adminErrorMessage } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { useMoveOrderMutation } from './desk-api.ts';
import type { MoveBody } from './move-forms.ts';
import { PanelPlaceholder } from '../move-panels.tsx';
import { useRememberMove } from './undo-bar.tsx';

// The reject and cancel panels are forms checked by the contract's schema (react-hook-form and
// zod, about 35 KB compressed): a chunk of their own, fetched when a card asks for one, so the
// desk's first screen stays within its JavaScript budget (docs/decisions/0048).
const loadPanels = () => import('./decline-panels.tsx');
const RejectPanel = lazy(() => loadPanels().then((m) => ({ default: m.RejectPanel })));
const CancelPanel = lazy(() => loadPanels().then((m) => ({ default: m.CancelPanel })));
/** On the buttons that open a panel: its chunk starts on the way before the click lands. */
const warmPanels = { onPointerEnter: () => void loadPanels(), onFocus: () => void loadPanels() };

/** Where a panel will be while its chunk arrives: its colour and about its height. */
const PANEL = 'bg-red-50 p-4';

/** The desk's own words for minutes the contract does not take. */
const MINUTES_MESSAGE = `Give the minutes as a whole number from ${MOVE_MINUTES.min} to ${MOVE_MINUTES.max}.`;

const NEXT_LABELS: Record<string, string> = {
  preparing: 'Start preparing',
  ready: 'Ready',
  out_for_delivery: 'Out for delivery',
  completed: 'Completed',
  cancelled: 'Cancel order',
};
const OUTLINE = buttonClass({ variant: 'outline', size: 'lg' });

interface MoveProps {
  order: DeskOrder;
  busy: boolean;
  problem: string;
  send: (body: MoveBody) => void;
}

/** What the kitchen can do with one order now: only the moves the table allows. */
export function OrderActions({ order }: { order: DeskOrder }) {
  const [move, moving] = useMoveOrderMutation();
  const [mode, setMode] = useState<'idle' | 'reject' | 'cancel'>('idle');
  const [problem, setProblem] = useState('');
  const remember = useRememberMove();

  async function send(body: MoveBody) {
    setProblem('');
    const result = await move({ id: order.id, ...body });
    if ('error' in result) {
      setProblem(adminErrorMessage(result.error));
      return;
    }
    setMode('idle');
    // A forward move (not a delay, which leaves the status) is offered for undo at the bottom
    // of the board (decision 65).
    if (body.status !== 'delay' && isUndoableMove(body.status)) remember(result.data);
  }
  const props: MoveProps = { order, busy: moving.isLoading, problem, send: (b) => void send(b) };
  const keep = () => setMode('idle');

  if (order.status === 'placed') {
    return mode === 'reject' ? (
      <Suspense
        fallback={
          <PanelPlaceholder label={`Opening the rejection of ${order.number}`} className={PANEL} />
        }
      >
        <RejectPanel {...props} onSend={props.send} onKeep={keep} />
      </Suspense>
    ) : (
      <AcceptActions {...props} onReject={() => setMode('reject')} />
    );
  }
  return (
    <div className="space-y-3">
      <ForwardMoves
        {...props}
        canAskCancel={mode !== 'cancel'}
        onCancel={() => setMode('cancel')}
      />
      {mode === 'cancel' && (
        <Suspense
          fallback={
            <PanelPlaceholder
              label={`Opening the cancellation of ${order.number}`}
              className={PANEL}
            />
          }
        >
          <CancelPanel order={order} onSend={props.send} onKeep={keep} />
        </Suspense>
      )}
      <ProblemLine message={problem} />
    </div>
  );
}

/** Typed minutes the contract takes ('' is no minutes, not 0: refused like any outside its range). */
const allowedMinutes = (typed: string) => typed !== '' && moveMinutesAllowed(Number(typed));

/**
 * A new order: accept it with the minutes until ready (a preset, or other minutes typed in), or
 * reject it. The box for other minutes is drawn when asked for: a form field on every new card
 * made Chromium's autofill read every card's form again each time a card came (about 190 ms of
 * the tablet's main thread with 200 cards on this machine, 700 ms at a slow tablet's speed;
 * decision 64). No field, no form to read.
 */
function AcceptActions({ busy, problem, send, onReject }: MoveProps & { onReject: () => void }) {
  const [typing, setTyping] = useState(false);
  // Said after an Accept with minutes the contract refuses, and checked again as they change.
  const [wrongMinutes, setWrongMinutes] = useState(false);
  // Back puts focus on Other minutes… again, where the keyboard was before the box came.
  const other = useRef<HTMLButtonElement>(null);
  const backed = useRef(false);
  useEffect(() => {
    if (typing || !backed.current) return;
    backed.current = false;
    other.current?.focus();
  }, [typing]);
  const reject = (
    <button
      type="button"
      className={buttonClass({ variant: 'danger', size: 'lg' })}
      onClick={onReject}
      {...warmPanels}
    >
      Reject…
    </button>
  );
  return (
    <div className="@container space-y-3">
      <p className="font-semibold">Accept: ready in how many minutes?</p>
      {/* Two a row on a narrow card, three on a wide one: never one a line (decision 66). */}
      <div className="grid grid-cols-2 gap-2 @xs:grid-cols-3">
        {ACCEPT_MINUTE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={buttonClass({ size: 'lg', className: 'w-full' })}
            disabled={busy}
            onClick={() => send({ status: 'accepted', minutes: preset })}
          >
            {preset} min
          </button>
        ))}
      </div>
      {!typing && (
        <div className="flex flex-wrap gap-2">
          <button ref={other} type="button" className={OUTLINE} onClick={() => setTyping(true)}>
            Other minutes…
          </button>
          {reject}
        </div>
      )}
      {typing && (
        <OtherMinutes
          busy={busy}
          send={send}
          wrongMinutes={wrongMinutes}
          setWrongMinutes={setWrongMinutes}
          onKeep={() => {
            backed.current = true;
            setWrongMinutes(false);
            setTyping(false);
          }}
        >
          {reject}
        </OtherMinutes>
      )}
      {/* One line for the card's problem, the box there or not: the contract decides which
          minutes are taken; the desk says it in its own words. */}
      <ProblemLine message={wrongMinutes ? MINUTES_MESSAGE : problem} />
    </div>
  );
}

/** The box for other minutes, focused as it comes; Back puts the card as it was. */
function OtherMinutes({
  busy,
  send,
  wrongMinutes,
  setWrongMinutes,
  onKeep,
  children,
}: Pick<MoveProps, 'busy' | 'send'> & {
  wrongMinutes: boolean;
  setWrongMinutes: (wrong: boolean) => void;
  onKeep: () => void;
  children: ReactNode;
}) {
  const [minutes, setMinutes] = useState('');
  function accept(event: FormEvent) {
    event.preventDefault();
    if (!allowedMinutes(minutes)) {
      setWrongMinutes(true);
      return;
    }
    send({ status: 'accepted', minutes: Number(minutes) });
  }
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={accept} noValidate>
      <label className="font-medium">
        Other minutes
        <input
          className={`${inputClass({ size: 'lg' })} w-28`}
          inputMode="numeric"
          name="minutes"
          autoComplete="off"
          autoFocus
          value={minutes}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '');
            setMinutes(digits);
            if (wrongMinutes) setWrongMinutes(!allowedMinutes(digits));
          }}
        />
      </label>
      <button type="submit" className={OUTLINE} disabled={busy}>
        Accept
      </button>
      <button type="button" className={OUTLINE} onClick={onKeep}>
        Back
      </button>
      {children}
    </form>
  );
}

/** An accepted order: its next steps, a delay, and the way to cancel it. */
function ForwardMoves({
  order,
  busy,
  send,
  canAskCancel,
  onCancel,
}: MoveProps & { canAskCancel: boolean; onCancel: () => void }) {
  const forward = order.next.filter((s) => s !== 'cancelled');
  return (
    <div className="flex flex-wrap gap-2">
      {forward.map((status) => (
        <button
          key={status}
          type="button"
          className={buttonClass({ size: 'lg' })}
          disabled={busy}
          onClick={() => send({ status })}
        >
          {NEXT_LABELS[status] ?? status}
        </button>
      ))}
      {['accepted', 'preparing'].includes(order.status) &&
        DELAY_MINUTE_PRESETS.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className={OUTLINE}
            disabled={busy}
            onClick={() => send({ status: 'delay', minutes })}
          >
            +{minutes} min
          </button>
        ))}
      {order.next.includes('cancelled') && canAskCancel && (
        <button type="button" className={OUTLINE} onClick={onCancel} {...warmPanels}>
          Cancel…
        </button>
      )}
    </div>
  );
}
