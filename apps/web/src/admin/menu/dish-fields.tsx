import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { ALLERGENS, DIETARY_TAGS } from '@servery/contract/allergens';
import type { ItemCreate } from '@servery/contract/menu-editor';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';

type Form = { control: Control<ItemCreate>; register: UseFormRegister<ItemCreate> };

const CHECK = 'flex min-h-12 items-center gap-3 rounded-lg px-2 text-base';

/** The 14 UK allergens, each as "contains" and "may contain". */
export function AllergenFields({ register }: Pick<Form, 'register'>) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">Allergens</legend>
      <div className="grid grid-cols-[1fr_auto_auto] items-center gap-x-4">
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

function OptionRows({ control, register, group }: Form & { group: number }) {
  const options = useFieldArray({ control, name: `option_groups.${group}.options` });
  return (
    <div className="space-y-2">
      {options.fields.map((field, index) => (
        <div key={field.id} className="grid grid-cols-[1fr_8rem_auto] items-end gap-2">
          <label className="font-semibold">
            Choice
            <input
              className={inputClass({ size: 'lg' })}
              {...register(`option_groups.${group}.options.${index}.name`)}
            />
          </label>
          <label className="font-semibold">
            Extra (pence)
            <input
              type="number"
              className={inputClass({ size: 'lg' })}
              {...register(`option_groups.${group}.options.${index}.price_delta`, {
                valueAsNumber: true,
              })}
            />
          </label>
          <Button variant="ghost" size="lg" onClick={() => options.remove(index)}>
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="lg"
        onClick={() =>
          options.append({ name: '', price_delta: 0, allergens: { contains: [], may_contain: [] } })
        }
      >
        Add a choice
      </Button>
    </div>
  );
}

/** Option groups: a name, how many to choose (minimum and maximum), and the choices with prices. */
export function OptionGroupFields({ control, register }: Form) {
  const groups = useFieldArray({ control, name: 'option_groups' });
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">Choices (option groups)</legend>
      {groups.fields.map((field, index) => (
        <div key={field.id} className="space-y-2 rounded-xl border border-stone-300 p-3">
          <div className="grid grid-cols-[1fr_6rem_6rem_auto] items-end gap-2">
            <label className="font-semibold">
              Group name
              <input
                className={inputClass({ size: 'lg' })}
                {...register(`option_groups.${index}.name`)}
              />
            </label>
            <label className="font-semibold">
              At least
              <input
                type="number"
                className={inputClass({ size: 'lg' })}
                {...register(`option_groups.${index}.min`, { valueAsNumber: true })}
              />
            </label>
            <label className="font-semibold">
              At most
              <input
                type="number"
                className={inputClass({ size: 'lg' })}
                {...register(`option_groups.${index}.max`, { valueAsNumber: true })}
              />
            </label>
            <Button variant="ghost" size="lg" onClick={() => groups.remove(index)}>
              Remove group
            </Button>
          </div>
          <OptionRows control={control} register={register} group={index} />
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
            options: [{ name: '', price_delta: 0, allergens: { contains: [], may_contain: [] } }],
          })
        }
      >
        Add an option group
      </Button>
    </fieldset>
  );
}
