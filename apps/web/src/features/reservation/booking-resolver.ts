import { zodResolver } from '@hookform/resolvers/zod';
import { ZBookingRequest } from '@servery/contract/reservation';

/** The reservation form's check: the contract's schema, loaded by reservation-form.tsx. */
export const bookingResolver = zodResolver(ZBookingRequest);
