import { z } from 'zod';
import { normalisePostcode } from './postcode.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} should be at most ${max} characters`);

/** The body of POST /api/customer-addresses and PUT /api/customer-addresses/{id}. */
export const ZAddressRequest = z.object({
  label: text('Label', 30).default(''),
  address_line1: text('Address', 120).min(1, 'Address is required'),
  address_line2: text('Address line 2', 120).default(''),
  city: text('Town or city', 80).min(1, 'Town or city is required'),
  postcode: z
    .string({ error: 'Postcode is required' })
    .trim()
    .min(1, 'Postcode is required')
    .transform((value, ctx) => {
      const postcode = normalisePostcode(value);
      if (!postcode) {
        ctx.addIssue({ code: 'custom', message: 'Enter a UK postcode, such as E1 6AN' });
        return z.NEVER;
      }
      return postcode;
    }),
  instructions: text('Delivery instructions', 200).default(''),
  is_default: z.boolean({ error: 'is_default must be true or false' }).default(false),
});
export type AddressRequest = z.infer<typeof ZAddressRequest>;
export type AddressInput = z.input<typeof ZAddressRequest>;

export const ADDRESS_MESSAGES = {
  created: 'Address added.',
  updated: 'Address updated.',
  deleted: 'Address deleted.',
  notFound: 'We could not find that address.',
} as const;

/**
 * An address outside every store's delivery zones (issue 30): refused before it is saved, on the
 * postcode, so the customer can collect instead or type another.
 */
export const outsideDeliveryAreaMessage = (district: string) =>
  `We do not deliver to ${district}. You can collect your order instead.`;

// The answers' shapes are schemas (api-shapes-storefront.ts), their types read from them.
export type { Address } from './api-shapes-storefront.ts';
