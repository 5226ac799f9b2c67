import { buttonClass } from '../../../components/ui/button.tsx';
import type { LastBooking } from '../../../lib/last-booking.ts';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { useShopTimeZone } from '../../../lib/shop-time.ts';
import {
  bookingCalendarFile,
  calendarFilename,
  calendarHref,
} from '../../../lib/booking-calendar.ts';

/** "Add to calendar": the booking just made as a downloaded .ics, on the shop's clock. */
export function AddToCalendar({ booking }: { booking: LastBooking }) {
  const config = useShopConfig();
  const timeZone = useShopTimeZone();
  const address = [config?.locationData.addressLine1, config?.locationData.addressLine2]
    .filter(Boolean)
    .join(', ');
  const ics = bookingCalendarFile(booking, {
    name: config?.websiteName ?? '',
    address,
    timeZone,
  });
  return (
    <a
      href={calendarHref(ics)}
      download={calendarFilename(booking)}
      type="text/calendar"
      className={buttonClass({ variant: 'outline' })}
    >
      Add to calendar
    </a>
  );
}
