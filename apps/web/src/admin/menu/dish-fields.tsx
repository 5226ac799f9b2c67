import type { ReactNode } from 'react';
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { ALLERGENS, DIETARY_TAGS } from '@servery/contract/allergens';
import type { ItemCreate } from '@servery/contract/menu-editor';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { adminCurrencySign } from '../admin-shop.ts';
import { newOption, type DishFormValues } from './dish-form-schema.ts';

type Form = {
  control: Control<DishFormValues, unknown, ItemCreate>;
  register: UseFormRegister<DishFormValues>;
  /** The message of a field refused, by its path, drawn under it. */
  error: (name: string) => ReactNode;
  /** A refused field's aria-invalid and aria-describedby (its message), by its path. */
  invalid: (name: string) => object;
};

const CHECK = 'flex min-h-12 items-center gap-3 rounded-lg px-2 text-base';

/** The 14 UK allergens, each as "contains" and "may contain". */
export function AllergenFields({ register }: Pick<Form, 'register'>) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">Allergens</legend>
      {/* The allergen's name takes what is left (and wraps), so the grid fits a 375 px phone. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-2 sm:gap-x-4">
        <span />
        <span className="text-sm font-semibold">Contains</span>
        <span className="text-sm font-semibold">May contain</span>
        {ALLERGENS.map((allergen) => (
          <div key={allergen.key} className="contents">
            <span>{allergen.label}</span>
            <label className={CHECK}>
              <input
                type="checkbox"
                className="size-6"
                value={allergen.key}
                aria-label={`Contains ${allergen.label}`}
                {...register('allergens.contains')}
              />
            </label>
            <label className={CHECK}>
              <input
                type="checkbox"
                className="size-6"
                value={allergen.key}
                aria-label={`May contain ${allergen.label}`}
                {...register('allergens.may_contain')}
              />
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

export function DietFields({ register }: Pick<Form, 'register'>) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold">Diets</legend>
      <div className="flex flex-wrap gap-2">
        {DIETARY_TAGS.map((tag) => (
          <label key={tag.key} className={CHECK}>
            <input type="checkbox" className="size-6" value={tag.key} {...register('diets')} />
            {tag.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function OptionRows({ control, register, error, invalid, group }: Form & { group: number }) {
  const options = useFieldArray({ control, name: `option_groups.${group}.options` });
  return (
    <div className="space-y-2">
      {options.fields.map((field, index) => (
        // Tops aligned, so a message under one field leaves the others where they are; Remove
        // sits level with the inputs, below the labels' line (28 px: a line and the input's mt-1).
        <div key={field.id} className="flex flex-wrap items-start gap-2">
          <label className="min-w-0 flex-[1_1_10rem] font-semibold">
            Choice
            <input
              className={inputClass({ size: 'lg' })}
              {...register(`option_groups.${group}.options.${index}.name`)}
              {...invalid(`option_groups.${group}.options.${index}.name`)}
            />
            {error(`option_groups.${group}.options.${index}.name`)}
          </label>
          {/* Blank for no extra; a minus for a choice that costs less. */}
          <label className="w-32 font-semibold">
            Extra ({adminCurrencySign()})
            <input
              type="text"
              inputMode="decimal"
              className={inputClass({ size: 'lg' })}
              {...register(`option_groups.${group}.options.${index}.price_delta`)}
              {...invalid(`option_groups.${group}.options.${index}.price_delta`)}
            />
            {error(`option_groups.${group}.options.${index}.price_delta`)}
          </label>
          <Button variant="ghost" size="lg" className="mt-7" onClick={() => options.remove(index)}>
            Remove
          </Button>
        </div>
      ))}
      <Button variant="outline" size="lg" onClick={() => options.append(newOption())}>
        Add a choice
      </Button>
    </div>
  );
}

/** Option groups: a name, how many to choose (minimum and maximum), and the choices with prices. */
export function OptionGroupFields({ control, register, error, invalid }: Form) {
  const groups = useFieldArray({ control, name: 'option_groups' });
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">Choices (option groups)</legend>
      {groups.fields.map((field, index) => (
        <div key={field.id} className="space-y-2 rounded-xl border border-stone-300 p-3">
          {/* The name on a line of its own, full width: beside the numbers it was 48 px. */}
          <label className="block font-semibold">
            Group name
            <input
              className={inputClass({ size: 'lg' })}
              {...register(`option_groups.${index}.name`)}
              {...invalid(`option_groups.${index}.name`)}
            />
            {error(`option_groups.${index}.name`)}
          </label>
          <div className="flex flex-wrap items-end gap-2">
            <label className="w-28 font-semibold">
              At least
              <input
                type="number"
                className={inputClass({ size: 'lg' })}
                {...register(`option_groups.${index}.min`, { valueAsNumber: true })}
                {...invalid(`option_groups.${index}.min`)}
              />
            </label>
            <label className="w-28 font-semibold">
              At most
              <input
                type="number"
                className={inputClass({ size: 'lg' })}
                {...register(`option_groups.${index}.max`, { valueAsNumber: true })}
                {...invalid(`option_groups.${index}.max`)}
              />
            </label>
            <Button variant="ghost" size="lg" onClick={() => groups.remove(index)}>
              Remove group
            </Button>
          </div>
          {error(`option_groups.${index}.min`)}
          {error(`option_groups.${index}.max`)}
          {error(`option_groups.${index}.options`)}
          <OptionRows
            control={control}
            register={register}
            error={error}
            invalid={invalid}
            group={index}
          />
        </div>
      ))}
      <Button
        variant="outline"
        size="lg"
        onClick={() =>
          groups.append({
            name: '',
            min: 0,
            max: 1,
            options: [newOption()],
          })
        }
      >
        Add an option group
      </Button>
    </fieldset>
  );
}
