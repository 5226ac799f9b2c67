import { DELIVERY_CONTACT_MESSAGES } from '@servery/contract/delivery-contact';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findById } from '../customers/customers.repository.ts';
import type { Owner } from './orders.repository.ts';

/**
 * A delivery is handed to someone (issue 20): the customer's profile must have a first name and
 * a phone number, or the order is refused with a 422 naming `first_name` and `phone`.
 */
export async function requireDeliveryContact(db: Executor, owner: Owner): Promise<void> {
  const customer = await findById(db, owner.tenantId, owner.customerId);
  const errors: Record<string, string> = {};
  if (!customer?.firstName.trim()) errors.first_name = DELIVERY_CONTACT_MESSAGES.first_name;
  if (!customer?.phone) errors.phone = DELIVERY_CONTACT_MESSAGES.phone;
  if (Object.keys(errors).length) {
    throw new AppError(422, 'rule', DELIVERY_CONTACT_MESSAGES.refused, errors);
  }
}
