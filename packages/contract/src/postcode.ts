/**
 * UK postcodes (zod-free: the checkout form uses them too). A postcode is an outward code (the
 * district a store delivers to: E1, EC2A, SW1A) and an inward code (9AA).
 */
const POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;

/** " ec2a 4nr " → "EC2A 4NR"; null when it is not a UK postcode. */
export function normalisePostcode(value: string): string | null {
  const compact = value.toUpperCase().replace(/\s+/g, '');
  if (!POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** "EC2A 4NR" → "EC2A": the district delivery zones are drawn by. */
export function postcodeDistrict(postcode: string): string {
  return postcode.split(' ')[0]!;
}
