import { useState } from 'react';
import { Link } from 'react-router';
import type { CustomerBooking } from '@servery/contract/reservation';
import { GUEST_STATUS_WORDS } from '@servery/contract/reservation-rules';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toastServerError } from '../../../lib/api.ts';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { calendarDay } from '../../../lib/shop-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelCustomerBookingMutation, useGetCustomerBookingsQuery } from '../api.ts';
import { AccountSection } from './account-section.tsx';

const whenOf = (booking: CustomerBooking) => `${calendarDay(booking.date)}, ${booking.time}`;

/**
 * The /account page's table bookings (walk item 19; decision 85): the upcoming ones, each
 * cancelled after a question, and the latest past ones. The bookings are those made with an
 * e-mail address or phone number the customer signed in with.
 */
export function YourBookings() {
  const {
    data: bookings,
    isError,
    refetch,
  } = useGetCustomerBookingsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [cancel, { isLoading: cancelling }] = useCancelCustomerBookingMutation();
  const [asking, setAsking] = useState<CustomerBooking | null>(null);
  const takesBookings = useShopConfig()?.allowBooking === 1;

  const handleCancel = async () => {
    if (!asking) return;
    const result = await cancel(asking.id);
    setAsking(null);
    // A 409 (cancelled meanwhile, or its time has come): the list is read again and says so.
    if ('error' in result) {
      toastServerError(result.error, { silentOn: [401] });
      void refetch();
    } else toast.success(result.data.message);
    requestAnimationFrame(() => document.getElementById('bookings-title')?.focus());
  };

  const upcoming = bookings?.filter((b) => b.upcoming) ?? [];
  const past = bookings?.filter((b) => !b.upcoming) ?? [];

  return (
    <AccountSection
      titleId="bookings-title"
      title="Table bookings"
      what="Your bookings"
      isError={isError}
      data={bookings}
      onRetry={() => void refetch()}
      skeleton={<Skeleton className="mt-3 h-16" />}
      after={
        <>
          <ConfirmDialog
            open={asking !== null}
            id="cancel-booking"
            title="Cancel this booking?"
            confirmLabel="Yes, cancel it"
            cancelLabel="Keep my booking"
            busy={cancelling}
            onCancel={() => setAsking(null)}
            onConfirm={() => void handleCancel()}
          >
            {asking
              ? `Your table for ${asking.number_of_people} on ${whenOf(asking)} is given to someone else. This cannot be undone.`
              : ''}
          </ConfirmDialog>
        </>
      }
    >
      {() => (
        <>
          {upcoming.length === 0 ? (
            <p className="mt-2 text-stone-700">
              You have no upcoming table bookings. Bookings made with the e-mail address or phone
              number you sign in with show here.
            </p>
          ) : (
            <ul className="mt-3 space-y-3" aria-label="Upcoming bookings">
              {upcoming.map((booking) => (
                <li
                  key={booking.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-300 p-4"
                  data-testid="upcoming-booking"
                >
                  <BookingLines booking={booking} />
                  {booking.cancellable ? (
                    <button
                      type="button"
                      onClick={() => setAsking(booking)}
                      className={buttonClass({ variant: 'outline' })}
                      aria-label={`Cancel the booking on ${whenOf(booking)}`}
                    >
                      Cancel booking
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {takesBookings ? (
            <Link
              to="/reservation"
              className={buttonClass({ variant: 'outline', className: 'mt-3' })}
            >
              Book a table
            </Link>
          ) : null}
          {past.length > 0 ? (
            <>
              <h3 className="mt-6 text-lg font-semibold">Past bookings</h3>
              <ul className="mt-2 divide-y divide-stone-200" aria-label="Past bookings">
                {past.map((booking) => (
                  <li key={booking.id} className="py-3" data-testid="past-booking">
                    <BookingLines booking={booking} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </AccountSection>
  );
}

function BookingLines({ booking }: { booking: CustomerBooking }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold">{whenOf(booking)}</p>
      <p className="text-sm text-stone-700">
        Table for {booking.number_of_people} · {GUEST_STATUS_WORDS[booking.status]}
      </p>
      {booking.note ? (
        <p className="text-sm break-words text-stone-700">The restaurant said: {booking.note}</p>
      ) : null}
    </div>
  );
}
