import { useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZCategoryCreate, type CategoryCreate } from '@servery/contract/menu-editor';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { formResolver } from '../../lib/plain-words.ts';
import { placeAdminErrors } from '../admin-form-errors.ts';
import { useAddCategoryMutation } from './menu-editor-api.ts';

type Values = { name: string };

/**
 * "New category": the name checked by the contract before it is sent (an empty or too long name
 * is said under the field and in the line above the button, walk2 item 13), one request however
 * often the button is tapped (item 8: the button is off while it saves, and a second tap that
 * comes before the button is drawn off is let go by a flag set at once), and the server's refusal
 * (a name the menu already has) under the field.
 */
export function NewCategoryForm({ storeId }: { storeId: string }) {
  const [addCategory] = useAddCategoryMutation();
  const [problem, setProblem] = useState('');
  const form = useForm<Values, unknown, CategoryCreate>({
    resolver: formResolver(
      z
        .object({ name: z.string() })
        .transform(({ name }): z.input<typeof ZCategoryCreate> => ({ store_id: storeId, name }))
        .pipe(ZCategoryCreate),
    ),
    defaultValues: { name: '' },
  });
  const error = form.formState.errors.name?.message;
  const saving = useRef(false);
  const submit = form.handleSubmit(
    async (body) => {
      setProblem('');
      const result = await addCategory(body);
      if ('error' in result) {
        return setProblem(placeAdminErrors(result.error, form.setError, ['name']));
      }
      form.reset({ name: '' });
    },
    (errors) => setProblem(`Check the new category: ${errors.name?.message ?? 'its name'}.`),
  );
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.current) return;
    saving.current = true;
    try {
      await submit(event);
    } finally {
      saving.current = false;
    }
  };
  return (
    <form className="space-y-2" noValidate aria-label="New category" onSubmit={save}>
      <div className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-[1_1_12rem] font-semibold">
          New category
          <input
            className={inputClass({ size: 'lg' })}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'new-category-error' : undefined}
            {...form.register('name')}
          />
        </label>
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          Add category
        </Button>
      </div>
      {error && (
        <p id="new-category-error" className="text-red-700">
          {error}
        </p>
      )}
      <ProblemLine message={problem} />
    </form>
  );
}
