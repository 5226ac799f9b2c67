import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { GUEST_CANCELLABLE, GUEST_STATUS_WORDS } from '@servery/contract/reservation-rules';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { refusedWith } from '@servery/contract/error-codes';
import { toastServerError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelBookingMutation, useGetBookingQuery } from '../api.ts';
import { ukDate } from '../reservation-dates.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';

/** The answers that mean the link leads to no booking (an unknown or malformed token). */
const isMissing = (error: unknown) =>
  refusedWith(error, 'not_found') || refusedWith(error, 'bad_request');

/** The page the confirmation e-mail links to: the booking, and a button that cancels it. */
export function CancelBookingPage() {
  const { token = '' } = useParams();
  const { data: booking, error, isError, isFetching, refetch } = useGetBookingQuery(token);
  const [cancel, { isLoading: cancelling }] = useCancelBookingMutation();
  /** The link opened is not the decision (issue 30): the guest confirms on the page. */
  const [confirming, setConfirming] = useState(false);

  const handleCancel = async () => {
    setConfirming(false);
    const result = await cancel(token);
    if (result.data) toast.success(result.data.message);
    // 409: cancelled already (another tab, or a second click); the page reloads the booking.
    else toastServerError(result.error);
  };

  let body;
  if (booking) {
    const cancelled = booking.status === 'cancelled';
    const rows: [string, string][] = [
      ['Restaurant', booking.restaurant],
      ['Date', ukDate(booking.date)],
      ['Time', booking.time],
      ['People', booking.number_of_people],
      ['Name', booking.name],
      ['Status', GUEST_STATUS_WORDS[booking.status]],
    ];
    body = (
      <>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-stone-700">{term}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <div aria-live="polite" className="mt-6">
          {cancelled ? (
            <p className="rounded-lg bg-stone-100 px-4 py-3 font-medium">
              This booking is cancelled. The table is free for someone else.
            </p>
          ) : null}
        </div>
        {!GUEST_CANCELLABLE.includes(booking.status) ? (
          <Link to="/reservation" className={buttonClass({ className: 'mt-4' })}>
            Make a new booking
          </Link>
        ) : confirming ? (
          <ConfirmCancel
            busy={cancelling || isFetching}
            onConfirm={() => void handleCancel()}
            onKeep={() => setConfirming(false)}
          />
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={cancelling || isFetching}
            aria-busy={cancelling}
            className={buttonClass({ variant: 'danger', className: 'mt-2' })}
          >
            Cancel booking
          </button>
        )}
      </>
    );
  } else if (isError && isMissing(error)) {
    body = (
      <div>
        <h2 className="text-xl font-semibold">Booking not found</h2>
        <p className="mt-2 text-stone-700">
          We could not find a booking for this link. Please check that you opened the whole link
          from your confirmation e-mail.
        </p>
        <Link to="/" className={buttonClass({ variant: 'outline', className: 'mt-4' })}>
          Back to the home page
        </Link>
      </div>
    );
  } else if (isError && !isFetching) {
    body = (
      <div role="alert">
        <p>We could not load your booking.</p>
        <button
          type="button"
          onClick={() => void refetch()}
          className={buttonClass({ variant: 'outline', className: 'mt-3' })}
        >
          Retry
        </button>
      </div>
    );
  } else {
    body = (
      <div className="space-y-3" aria-hidden="true">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-6 w-3/5" />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold">Your table booking</h1>
      <section className={`${CARD_CLASS} mt-6`} aria-busy={!booking && !isError}>
        {body}
      </section>
    </div>
  );
}

/** The question before the booking goes: a mistaken tap on the e-mailed link cancels nothing. */
function ConfirmCancel({
  busy,
  onConfirm,
  onKeep,
}: {
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <div className="mt-2 rounded-lg border-2 border-red-800 p-4" data-testid="confirm-cancel">
      <h2
        id="confirm-cancel-title"
        tabIndex={-1}
        ref={(heading) => heading?.focus()}
        className="text-lg font-semibold outline-offset-4"
      >
        Cancel this booking?
      </h2>
      <p className="mt-1 text-stone-800">
        The table is given to someone else. This cannot be undone.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className={buttonClass({ variant: 'danger' })}
        >
          Yes, cancel it
        </button>
        <button type="button" onClick={onKeep} className={buttonClass({ variant: 'outline' })}>
          Keep my booking
        </button>
      </div>
    </div>
  );
}
