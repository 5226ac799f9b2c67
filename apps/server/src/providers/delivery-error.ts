/**
 * A message a transport could not hand over. `permanent` failures (a number the provider says
 * does not exist, an address the mail server refuses) are not retried; the rest are.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
