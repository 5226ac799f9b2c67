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
