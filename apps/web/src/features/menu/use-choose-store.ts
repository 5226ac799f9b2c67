import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toastServerError } from '../../lib/api.ts';
import { chooseStore } from '../../lib/chosen-store.ts';
import { toast } from '../../lib/toast.ts';
import { useLazyGetStoreQuery } from './api.ts';

/**
 * Choosing a store: load it by id (product.md §8: its message shows as a success toast), keep it as
 * the customer's store and go to its menu.
 */
export function useChooseStore() {
  const [loadStore] = useLazyGetStoreQuery();
  const navigate = useNavigate();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const choose = useCallback(
    async (storeId: string) => {
      setPendingId(storeId);
      const result = await loadStore(storeId);
      setPendingId(null);
      if (result.data) {
        toast.success(result.data.message);
        chooseStore(result.data.data.id);
        navigate('/menu');
      } else {
        toastServerError(result.error);
      }
    },
    [loadStore, navigate],
  );

  return { choose, pendingId };
}
