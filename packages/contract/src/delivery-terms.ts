/**
 * Where an order can go and the least it must come to (product.md §7), one rule for the server that
 * takes the order and the checkout that quotes it, beside pricing.ts: a delivery goes only to a
 * district one of the store's zones names, at that zone's fee and minimum; a collection (or a
 * delivery before its address is known) has the store's own minimum. Zod-free; minor units.
 */

/** A store's delivery zone as the API shows it (`DeliveryZone`). */
export interface ZoneTerms {
  district: string;
  fee: number;
  minimum_order: number;
}

/** What the terms need of a store. */
export interface TermsStore<Z extends ZoneTerms = ZoneTerms> {
  name: string;
  minimum_order: number;
  delivery_zones: readonly Z[];
}

export interface DeliveryTerms<Z extends ZoneTerms = ZoneTerms> {
  /** The zone delivered to; null for a collection or a district no zone names. */
  zone: Z | null;
  /** The delivery fee (0 without a zone). */
  fee: number;
  /** The least the food must come to. */
  minimum: number;
  /** What the minimum is for, as the customer reads it: "collection", "delivery to E1". */
  minimumFor: string;
  /** Why the order cannot go there ("… does not deliver to E14."), or null. */
  problem: string | null;
}

/**
 * The zone a store delivers to for `place`: a district ("E1") or a whole postcode ("E1 6RL"),
 * whose sector's zone ("E1 6", issue 28) comes before its district's.
 */
export function zoneOf<Z extends ZoneTerms>(store: TermsStore<Z>, place: string): Z | null {
  const [district = place, inward] = place.split(' ');
  const sector = inward ? `${district} ${inward[0]}` : null;
  const find = (area: string) => store.delivery_zones.find((zone) => zone.district === area);
  return (sector ? find(sector) : undefined) ?? find(district) ?? null;
}

/**
 * The terms of an order of `orderType` to `district` (the delivery address's postcode, or its
 * district; null when it is not known yet, which quotes the store's own minimum).
 */
export function deliveryTerms<Z extends ZoneTerms>(
  store: TermsStore<Z>,
  orderType: 'delivery' | 'collection',
  district: string | null,
): DeliveryTerms<Z> {
  const own = { fee: 0, minimum: store.minimum_order, minimumFor: 'collection' };
  if (orderType !== 'delivery' || district === null) return { zone: null, ...own, problem: null };
  const zone = zoneOf(store, district);
  if (!zone) {
    // A store drawn by sectors names the postcode; by districts, the district.
    const [outward = district] = district.split(' ');
    const bySector = store.delivery_zones.some((z) => z.district.startsWith(`${outward} `));
    const where = bySector ? district : outward;
    return { zone, ...own, problem: `${store.name} does not deliver to ${where}.` };
  }
  return {
    zone,
    fee: zone.fee,
    minimum: zone.minimum_order,
    minimumFor: `delivery to ${zone.district}`,
    problem: null,
  };
}

/** How much more food it takes to reach the minimum (0 when reached). */
export const minimumShortfall = (terms: { minimum: number }, food: number): number =>
  Math.max(0, terms.minimum - food);

/** The minimum order's rule broken by `food` minor units of food, in the customer's words. */
export function minimumOrderProblem(
  terms: Pick<DeliveryTerms, 'minimum' | 'minimumFor'>,
  food: number,
  money: (minor: number) => string,
): string | null {
  const short = minimumShortfall(terms, food);
  if (short === 0) return null;
  return `The minimum order for ${terms.minimumFor} is ${money(terms.minimum)}. Add ${money(short)} more.`;
}
