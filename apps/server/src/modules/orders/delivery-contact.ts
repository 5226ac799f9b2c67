import { contactMessagesFor } from '@servery/contract/delivery-contact';
import { AppError } from '../../lib/app-error.ts';
import type { SessionContact } from '../auth/auth.repository.ts';

/** Where the order's messages go: the customer's e-mail and phone as the order was placed. */
export interface OrderContact {
  email: string | null;
  phone: string | null;
}

/**
 * An order is handed to someone (issue 20 for a delivery, issue 30 for a collection): the
 * customer's profile must have a first name and a phone number, or the order is refused with a
 * 422 naming `first_name` and `phone`. The profile is the one read with the order's session
 * (decision 55); answers where the order's messages go, so a cash order's confirmation need not
 * read the customer again (decision 47).
 */
export function requireOrderContact(
  customer: SessionContact,
  orderType: 'delivery' | 'collection',
): OrderContact {
  const messages = contactMessagesFor(orderType);
  const errors: Record<string, string> = {};
  if (!customer.firstName.trim()) errors.first_name = messages.first_name;
  if (!customer.phone) errors.phone = messages.phone;
  if (Object.keys(errors).length) {
    throw new AppError(422, 'rule', messages.refused, errors);
  }
  return { email: customer.email, phone: customer.phone };
}
