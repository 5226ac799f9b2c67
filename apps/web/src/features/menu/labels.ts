import {
  ALLERGENS,
  DIETARY_TAGS,
  type Allergen,
  type AllergenInfo,
  type DietaryTag,
} from '@servery/contract/allergens';

const ALLERGEN_LABELS = new Map<string, string>(ALLERGENS.map((a) => [a.key, a.label]));
const DIETARY_LABELS = new Map<string, string>(DIETARY_TAGS.map((d) => [d.key, d.label]));

export const allergenLabel = (key: Allergen) => ALLERGEN_LABELS.get(key) ?? key;
export const dietaryLabel = (key: DietaryTag) => DIETARY_LABELS.get(key) ?? key;

/** Allergens in the Food Standards Agency's order, as labels. */
export function allergenList(keys: readonly Allergen[]): string {
  return ALLERGENS.filter((a) => keys.includes(a.key))
    .map((a) => a.label)
    .join(', ');
}

/** A dish's allergens together with its chosen options'; "may contain" drops what it contains. */
export function combinedAllergens(infos: readonly AllergenInfo[]): AllergenInfo {
  const contains = new Set<Allergen>();
  const mayContain = new Set<Allergen>();
  for (const info of infos) {
    info.contains.forEach((a) => contains.add(a));
    info.may_contain.forEach((a) => mayContain.add(a));
  }
  return {
    contains: ALLERGENS.map((a) => a.key).filter((k) => contains.has(k)),
    may_contain: ALLERGENS.map((a) => a.key).filter((k) => mayContain.has(k) && !contains.has(k)),
  };
}
