import type { AllergenInfo } from '@servery/contract/allergens';
import type { MenuItemDetail, ModifierGroup, ModifierOption } from '@servery/contract/menu';
import type { Selection } from '@servery/contract/pricing';
import { combinedAllergens } from './labels.ts';

/** What the customer ticked: option ids by group id. */
export type Choices = Readonly<Record<string, readonly string[]>>;

/** Whether a group is answered with radio buttons (one choice at most) or checkboxes. */
export const isSingleChoice = (group: Pick<ModifierGroup, 'max'>) => group.max === 1;

/**
 * The choices after ticking or unticking an option. One-choice groups swap their choice (an
 * empty id means "none"); others add up to the group's maximum and never beyond.
 */
export function toggleChoice(
  choices: Choices,
  group: ModifierGroup,
  optionId: string,
  checked: boolean,
): Choices {
  const chosen = choices[group.id] ?? [];
  if (isSingleChoice(group)) return { ...choices, [group.id]: optionId ? [optionId] : [] };
  if (!checked) return { ...choices, [group.id]: chosen.filter((id) => id !== optionId) };
  if (chosen.includes(optionId) || chosen.length >= group.max) return choices;
  // Keep the menu's order, whatever order the boxes were ticked in.
  const next = group.options
    .map((o) => o.id)
    .filter((id) => id === optionId || chosen.includes(id));
  return { ...choices, [group.id]: next };
}

/** An option that cannot be ticked now: sold out, or its group already has its maximum. */
export function optionDisabled(group: ModifierGroup, choices: Choices, option: ModifierOption) {
  const chosen = choices[group.id] ?? [];
  if (chosen.includes(option.id)) return false;
  return option.sold_out || (!isSingleChoice(group) && chosen.length >= group.max);
}

/** The choices as pricing.ts reads them, one selection per group in the dish's order. */
export function selectionsOf(item: MenuItemDetail, choices: Choices): Selection[] {
  return item.modifier_groups.map((group) => ({
    group_id: group.id,
    option_ids: [...(choices[group.id] ?? [])],
  }));
}

/** The dish's allergens with those of every chosen option. */
export function chosenAllergens(item: MenuItemDetail, choices: Choices): AllergenInfo {
  const options = item.modifier_groups.flatMap((group) =>
    group.options.filter((o) => (choices[group.id] ?? []).includes(o.id)),
  );
  return combinedAllergens([item.allergens, ...options.map((o) => o.allergens)]);
}
