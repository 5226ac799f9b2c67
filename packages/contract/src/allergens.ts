/**
 * The 14 allergens UK food law (the Food Information Regulations 2014) requires a food business
 * to declare, in the order the Food Standards Agency lists them. Zod-free: the menu page filters
 * with it.
 */
import type { AllergenInfo } from './api-shapes-menu.ts';

export const ALLERGENS = [
  { key: 'celery', label: 'Celery' },
  { key: 'gluten', label: 'Cereals containing gluten' },
  { key: 'crustaceans', label: 'Crustaceans' },
  { key: 'eggs', label: 'Eggs' },
  { key: 'fish', label: 'Fish' },
  { key: 'lupin', label: 'Lupin' },
  { key: 'milk', label: 'Milk' },
  { key: 'molluscs', label: 'Molluscs' },
  { key: 'mustard', label: 'Mustard' },
  { key: 'nuts', label: 'Tree nuts' },
  { key: 'peanuts', label: 'Peanuts' },
  { key: 'sesame', label: 'Sesame' },
  { key: 'soya', label: 'Soya' },
  { key: 'sulphites', label: 'Sulphur dioxide and sulphites' },
] as const;
export type Allergen = (typeof ALLERGENS)[number]['key'];
export const ALLERGEN_KEYS = ALLERGENS.map((a) => a.key) as [Allergen, ...Allergen[]];

export const DIETARY_TAGS = [
  { key: 'vegetarian', label: 'Vegetarian' },
  { key: 'vegan', label: 'Vegan' },
  { key: 'halal', label: 'Halal' },
  { key: 'spicy', label: 'Spicy' },
] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number]['key'];
export const DIETARY_KEYS = DIETARY_TAGS.map((d) => d.key) as [DietaryTag, ...DietaryTag[]];

/** What a dish or an option declares (its schema is the answers': api-shapes-menu.ts). */
export type { AllergenInfo };

/**
 * What a dish with its chosen options declares, all together: an allergen any part contains is
 * "contains"; one that some part may contain, and none contains, is "may contain". In the
 * order of the list above, each once.
 */
export function combineAllergens(parts: readonly AllergenInfo[]): AllergenInfo {
  const contains = new Set(parts.flatMap((p) => p.contains));
  const may = new Set(parts.flatMap((p) => p.may_contain));
  return {
    contains: ALLERGEN_KEYS.filter((key) => contains.has(key)),
    may_contain: ALLERGEN_KEYS.filter((key) => may.has(key) && !contains.has(key)),
  };
}

/** Allergen keys as people read them, lower case: "milk, peanuts, cereals containing gluten". */
export function allergenWords(keys: readonly Allergen[]): string {
  return keys
    .map((key) => ALLERGENS.find((a) => a.key === key)?.label.toLowerCase() ?? key)
    .join(', ');
}
