import { useState } from 'react';
import { useNavigate } from 'react-router';
import { serverMessage } from '../../../lib/api.ts';
import { signOut } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteCustomerMutation, useLazyExportCustomerDataQuery } from '../api.ts';
import { buttonClass } from '../../../components/ui/button.tsx';

const DANGER =
  'rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white outline-offset-2 disabled:opacity-60';

/**
 * UK GDPR (issue 17; docs/decisions/0021-personal-data.md): a copy of the customer's data as a
 * JSON file, and deleting the account after a confirmation. Deleting signs out as product.md §4's
 * sign-out does.
 */
export function YourData() {
  const navigate = useNavigate();
  const [exportData, exporting] = useLazyExportCustomerDataQuery();
  const [deleteCustomer, deleting] = useDeleteCustomerMutation();
  const [confirming, setConfirming] = useState(false);

  const handleDownload = async () => {
    const result = await exportData();
    if (result.error) return toast.error(serverMessage(result.error));
    const blob = new Blob([JSON.stringify(result.data, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `my-data-${new Date().toISOString().slice(0, 10)}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  const handleDelete = async () => {
    const result = await deleteCustomer();
    if ('error' in result) return toast.error(serverMessage(result.error));
    toast.success(result.data.message);
    signOut();
    navigate('/');
  };

  return (
    <section aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="text-xl font-semibold">
        Your data
      </h2>
      <p className="mt-1 text-stone-700">
        Download a copy of everything we keep about you, or delete your account.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass({ variant: 'outline' })}
          disabled={exporting.isFetching}
          onClick={() => void handleDownload()}
        >
          {exporting.isFetching ? 'Preparing…' : 'Download your data'}
        </button>
        {!confirming && (
          <button
            type="button"
            className={buttonClass({ variant: 'outline' })}
            onClick={() => setConfirming(true)}
          >
            Delete account
          </button>
        )}
      </div>
      {confirming && (
        <div role="group" aria-label="Delete account" className="mt-4 rounded-xl bg-red-50 p-4">
          <p className="font-medium">Delete your account? This cannot be undone.</p>
          <p className="mt-1 text-stone-700">
            Your details, saved addresses and sign-in go now. The restaurant keeps your past orders
            for its accounts, without your name, contact details or address.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={DANGER}
              disabled={deleting.isLoading}
              onClick={() => void handleDelete()}
            >
              Yes, delete my account
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'outline' })}
              onClick={() => setConfirming(false)}
            >
              Keep my account
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
