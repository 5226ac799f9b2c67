import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BookingRequest, ReservationTimings } from '@servery/contract/reservation';
import { BOOKING_REDIRECT_MS } from '@servery/contract/reservation-rules';
import { loader } from '../../lib/loader.ts';
import { toast } from '../../lib/toast.ts';
import { newIdempotencyKey, useBookMutation } from './api.ts';
import { rememberBooking } from '../../lib/last-booking.ts';
import { openWhatsappShare } from './whatsapp-share.ts';

interface Handlers {
  /** After the redirect delay, as the visitor leaves for the home page. */
  onBooked: () => void;
  /**
   * After a refusal: `error` is the failed call (its message toasted by the form as it resets);
   * null when a non-200 answer was toasted here, with its `message`.
   */
  onRefused: (error: unknown, message: string | null) => void;
}

/**
 * product.md §4 "Reservation submit": loading shows while the booking is sent. On status 200 a success
 * toast, then after 500 ms the home page, the form reset and, when the shop allows it, the
 * WhatsApp share; otherwise the server's message as an error toast, the form reset and loading
 * over. One booking at a time: a second click while one is on its way, or once it is made,
 * sends nothing; each attempt carries its own Idempotency-Key.
 */
export function useBookTable(settings: ReservationTimings | undefined, handlers: Handlers) {
  const navigate = useNavigate();
  const [book] = useBookMutation();
  const busy = useRef(false);
  const [booked, setBooked] = useState(false);

  const submit = async (values: BookingRequest) => {
    if (busy.current) return;
    busy.current = true;
    loader.show();
    const result = await book({ body: values, idempotencyKey: newIdempotencyKey() });
    loader.hide();
    if (result.data?.status === 200) {
      setBooked(true);
      // The server's message names the day, time and party; the home page shows the booking.
      toast.success(result.data.message);
      rememberBooking(values, result.data.message);
      const share = settings?.allow_booking_whatsapp_share === 'true' ? settings : null;
      setTimeout(() => {
        handlers.onBooked();
        navigate('/');
        if (share) openWhatsappShare(share.booking_whatsapp_number, values);
      }, BOOKING_REDIRECT_MS);
      return;
    }
    if (!result.error && result.data) toast.error(result.data.message);
    handlers.onRefused(result.error ?? null, result.data?.message ?? null);
    busy.current = false;
  };

  return { submit, booked };
}
