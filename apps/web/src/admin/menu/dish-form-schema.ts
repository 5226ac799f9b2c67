import { z } from 'zod';
import {
  ZItemCreate,
  type EditableItem,
  type ItemCreate,
  type OptionGroupInput,
} from '@servery/contract/menu-editor';
import { formResolver } from '../../lib/plain-words.ts';
import { penceOf, poundsOf } from '../../lib/pounds.ts';

type OptionInput = OptionGroupInput['options'][number];
/** A choice as the form holds it: its extra in pounds, blank for none. */
export type OptionFormValues = Omit<OptionInput, 'price_delta'> & { price_delta: string };
export type GroupFormValues = Omit<OptionGroupInput, 'options'> & {
  options: OptionFormValues[];
};
/**
 * A dish as the form holds it: the contract's create body with its money typed in pounds. A
 * store's own price is listed only while something is typed for it, so the list and its field
 * errors (`store_prices.N.price`) keep the body's order.
 */
export type DishFormValues = Omit<ItemCreate, 'price' | 'store_prices' | 'option_groups'> & {
  price: string;
  store_prices: { store_id: string; price: string }[];
  option_groups: GroupFormValues[];
};

/**
 * The form turned into the API's body (pence), then checked by the contract's own schema: what
 * is not an amount is NaN there, refused on its field in the shop's words (plain-words.ts).
 */
const ZDishForm = z
  .custom<DishFormValues>()
  .transform((form): z.input<typeof ZItemCreate> => ({
    ...form,
    price: penceOf(form.price),
    store_prices: form.store_prices.map((own) => ({
      store_id: own.store_id,
      price: penceOf(own.price),
    })),
    option_groups: form.option_groups.map((group) => ({
      ...group,
      options: group.options.map((option) => ({
        ...option,
        price_delta: penceOf(option.price_delta, 0),
      })),
    })),
  }))
  .pipe(ZItemCreate);

export const dishFormResolver = formResolver<DishFormValues, ItemCreate>(ZDishForm, {
  pounds: ['price', 'price_delta'],
});

/** A new choice: no name yet, and no extra. */
export const newOption = (): OptionFormValues => ({
  name: '',
  price_delta: '',
  allergens: { contains: [], may_contain: [] },
});

/** A dish as the form shows it: prices in pounds ("8.95"), a choice with no extra blank. */
export function dishFormValues(
  item: EditableItem | undefined,
  categoryId: string,
  storeId: string,
): DishFormValues {
  if (!item) {
    return {
      category_id: categoryId,
      name: '',
      description: '',
      price: '',
      vat_rate: 20,
      kcal: null,
      allergens: { contains: [], may_contain: [] },
      diets: [],
      store_ids: [storeId],
      store_prices: [],
      option_groups: [],
    };
  }
  return {
    category_id: item.category_id,
    name: item.name,
    description: item.description,
    price: poundsOf(item.price),
    vat_rate: item.vat_rate,
    kcal: item.kcal,
    allergens: item.allergens,
    diets: item.diets,
    store_ids: item.stores.filter((s) => s.sells).map((s) => s.store_id),
    store_prices: item.stores.flatMap((s) =>
      s.price === null ? [] : [{ store_id: s.store_id, price: poundsOf(s.price) }],
    ),
    option_groups: item.option_groups.map((group) => ({
      ...group,
      options: group.options.map((option) => ({
        ...option,
        price_delta: option.price_delta === 0 ? '' : poundsOf(option.price_delta),
      })),
    })),
  };
}
