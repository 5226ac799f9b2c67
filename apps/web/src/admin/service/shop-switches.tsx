import { useState } from 'react';
import { adminErrorMessage } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ScopeLine } from './scope-line.tsx';
import { usePatchShopMutation, useShopSwitchesQuery } from './service-api.ts';

const SWITCH =
  'flex min-h-14 w-full items-center justify-between gap-3 rounded-xl border-2 border-stone-400 px-4 text-left text-lg font-semibold aria-checked:border-primary';

/** The shop-wide switches: closed (with its message) and table bookings. */
export function ShopSwitchesCard() {
  const shop = useShopSwitchesQuery();
  const [patch, patching] = usePatchShopMutation();
  const [message, setMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  // Closing stops every store's orders: asked first, so a stray tap on a busy night cannot.
  const [asking, setAsking] = useState(false);
  // So does turning bookings off: the booking site stops taking them (walk 2, item 18).
  const [askingBookings, setAskingBookings] = useState(false);
  if (!shop.data) return null;
  const closed = shop.data.IsShopClosed === 1;
  const booking = shop.data.allowBooking === 1;
  const run = async (body: Parameters<typeof patch>[0], done: string) => {
    const result = await patch(body);
    setNotice(result.error ? adminErrorMessage(result.error) : done);
  };

  return (
    <section aria-labelledby="shop-heading" className={`${CARD_CLASS} space-y-4`}>
      <div>
        <h2 id="shop-heading" className="text-2xl font-bold">
          Whole shop
        </h2>
        <ScopeLine store={null} />
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={closed}
        className={SWITCH}
        disabled={patching.isLoading}
        onClick={() =>
          closed ? void run({ IsShopClosed: 0 }, 'The shop is open.') : setAsking(true)
        }
      >
        Shop closed to orders
        <span className={closed ? 'text-red-700' : 'text-green-800'}>
          {closed ? 'Closed' : 'Open'}
        </span>
      </button>
      <ConfirmDialog
        open={asking}
        id="close-shop"
        title="Close the whole shop to orders?"
        confirmLabel="Yes, close the shop"
        cancelLabel="Keep taking orders"
        size="lg"
        busy={patching.isLoading}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          await run({ IsShopClosed: 1 }, 'The shop is closed.');
          setAsking(false);
        }}
      >
        Every store stops taking orders, for now and for later times, until the shop is opened again
        here. Customers see the message below.
      </ConfirmDialog>
      <label className="block font-semibold">
        Message customers see while closed
        <textarea
          className={`${inputClass({ size: 'lg' })} min-h-20 py-2`}
          maxLength={500}
          value={message ?? shop.data.ShopClosedMessage}
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size: 'lg' })}
        disabled={message === null || message === shop.data.ShopClosedMessage || patching.isLoading}
        onClick={() => void run({ ShopClosedMessage: message ?? '' }, 'Message saved.')}
      >
        Save the message
      </button>
      <button
        type="button"
        role="switch"
        aria-checked={booking}
        className={SWITCH}
        disabled={patching.isLoading}
        onClick={() =>
          booking ? setAskingBookings(true) : void run({ allowBooking: 1 }, 'Bookings are on.')
        }
      >
        Table bookings
        <span>{booking ? 'On' : 'Off'}</span>
      </button>
      <ConfirmDialog
        open={askingBookings}
        id="bookings-off"
        title="Turn off table bookings?"
        confirmLabel="Yes, turn bookings off"
        cancelLabel="Keep taking bookings"
        size="lg"
        busy={patching.isLoading}
        onCancel={() => setAskingBookings(false)}
        onConfirm={async () => {
          await run({ allowBooking: 0 }, 'Bookings are off.');
          setAskingBookings(false);
        }}
      >
        Guests can no longer book a table online until bookings are turned on again here; the
        booking site says online booking is closed. Bookings already made stay in the diary.
      </ConfirmDialog>
      <p role="status" className="min-h-6">
        {notice}
      </p>
    </section>
  );
}
