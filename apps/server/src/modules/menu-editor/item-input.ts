import type { MenuItemDocument } from '@servery/contract/menu';
import type { OptionGroupInput } from '@servery/contract/menu-editor';

type Groups = MenuItemDocument['modifierGroups'];

/** A slug from a name: "Extra paneer (large)" → "extra-paneer-large". */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** `base`, or `base-2`, `base-3`… the first that is not taken. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const validSlug = (value: string | undefined) =>
  value && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) ? value : undefined;

/**
 * The editor's option groups as the dish row keeps them. Groups and options keep the slugs they
 * were read with (carts in browsers name them), new ones get one from their name, and an
 * option's sold-out switch, set from the Service screen, survives the edit.
 */
export function modifierGroupsOf(input: readonly OptionGroupInput[], previous: Groups): Groups {
  const groupSlugs = new Set<string>();
  return input.map((group) => {
    const slug = freeSlug(validSlug(group.id) ?? slugOf(group.name), groupSlugs);
    groupSlugs.add(slug);
    const before = previous.find((g) => g.slug === slug);
    const optionSlugs = new Set<string>();
    return {
      slug,
      name: group.name,
      min: group.min,
      max: group.max,
      options: group.options.map((option) => {
        const optionSlug = freeSlug(validSlug(option.id) ?? slugOf(option.name), optionSlugs);
        optionSlugs.add(optionSlug);
        const was = before?.options.find((o) => o.slug === optionSlug);
        return {
          slug: optionSlug,
          name: option.name,
          priceDelta: option.price_delta,
          allergens: {
            contains: option.allergens.contains,
            mayContain: option.allergens.may_contain,
          },
          soldOut: was?.soldOut ?? false,
          ...(was?.soldOutUntil ? { soldOutUntil: was.soldOutUntil } : {}),
        };
      }),
    };
  });
}
