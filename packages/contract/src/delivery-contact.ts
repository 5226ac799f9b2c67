/** A delivery order without a saved address (ZOrderRequest's rule). */
export const ADDRESS_REQUIRED_MESSAGE = 'Choose the address to deliver to';

/**
 * A delivery needs someone to hand it to (issue 20): the customer's first name and a phone
 * number from their profile. POST /api/order answers 422 with these on `first_name` and `phone`;
 * checkout asks for what the profile lacks before it sends the order.
 */
export const DELIVERY_CONTACT_MESSAGES = {
  refused: 'A delivery needs your name and phone number, so the driver can reach you.',
  first_name: 'Enter your name for the delivery',
  phone: 'Enter a phone number for the delivery',
} as const;

/**
 * A collection needs the same (issue 30): the kitchen calls the customer by name at the counter
 * and rings them when something is wrong, so the ticket never says "Customer" with no number.
 */
export const COLLECTION_CONTACT_MESSAGES = {
  refused: 'A collection needs your name and phone number, so the kitchen can reach you.',
  first_name: 'Enter your name for the collection',
  phone: 'Enter a phone number for the collection',
} as const;

/** The messages of the contact an order of this type is handed over with. */
export const contactMessagesFor = (orderType: 'delivery' | 'collection') =>
  orderType === 'delivery' ? DELIVERY_CONTACT_MESSAGES : COLLECTION_CONTACT_MESSAGES;

/** A profile's name as one line: what checkout's "Your name" shows and the desk reads. */
export const fullName = (name: { first_name: string; last_name?: string | null }) =>
  `${name.first_name.trim()} ${name.last_name?.trim() ?? ''}`.trim();

/**
 * The name typed in checkout's one "Your name" field, as the profile keeps it (first_name and
 * last_name, as the account page and POST /api/customer have them): the first word is the first
 * name, the rest the last name. The desk and the ticket join them again, so they read exactly
 * what was typed; a single name is a first name with no last name.
 */
export function splitFullName(typed: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = typed.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}
