import { useState } from 'react';
import type { EditableCategory } from '@servery/contract/menu-editor';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { adminErrorMessage } from '../admin-api.ts';
import { useDeleteCategoryMutation } from './menu-editor-api.ts';

/**
 * Deleting a category (decision 89): only an empty one, after a question. One that holds dishes
 * says so instead of offering a button the server would refuse: its dishes are moved in their
 * own forms, or the category is hidden.
 */
export function DeleteCategory({
  category,
  onDeleted,
}: {
  category: EditableCategory;
  onDeleted: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [remove, state] = useDeleteCategoryMutation();
  const [problem, setProblem] = useState('');
  const held = category.items.length;
  if (held > 0) {
    return (
      <p className="text-stone-700">
        Only an empty category can be deleted: {category.name} holds{' '}
        {held === 1 ? '1 dish' : `${held} dishes`}. Move {held === 1 ? 'it' : 'them'} to another
        category in the dish’s form, or hide {category.name}.
      </p>
    );
  }
  const confirm = async () => {
    const result = await remove({ id: category.id, version: category.version });
    setAsking(false);
    if ('error' in result) return setProblem(adminErrorMessage(result.error));
    onDeleted();
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="danger" size="lg" onClick={() => setAsking(true)}>
        Delete {category.name}
      </Button>
      <ProblemLine message={problem} />
      <ConfirmDialog
        open={asking}
        id="delete-category"
        title={`Delete ${category.name}?`}
        confirmLabel="Delete it"
        cancelLabel="Keep it"
        size="lg"
        busy={state.isLoading}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
      >
        It has no dishes. It leaves the menu editor and cannot be brought back; you can add a
        category again at any time.
      </ConfirmDialog>
    </div>
  );
}
