import { Link, useParams } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useGetUnsubscribeLinkQuery, useUnsubscribeMutation } from '../api.ts';

const CARD = 'mt-6 rounded-2xl bg-white p-5 shadow-sm sm:p-6';
const PRIMARY =
  'rounded-lg bg-primary px-5 py-2.5 font-semibold text-on-primary outline-offset-2 disabled:opacity-60';
const OUTLINE =
  'inline-block rounded-lg border border-stone-400 px-5 py-2.5 font-semibold outline-offset-2 hover:bg-stone-100';

/**
 * Where a newsletter e-mail's unsubscribe link leads (issue 17). Opening the page changes
 * nothing, so a mail scanner that follows links unsubscribes nobody; the button does it, with
 * no sign-in.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const { data: link, isError, isLoading } = useGetUnsubscribeLinkQuery(token);
  const [unsubscribe, unsubscribing] = useUnsubscribeMutation();
  const done = unsubscribing.data?.data ?? null;

  const handleUnsubscribe = async () => {
    const result = await unsubscribe(token);
    if ('error' in result) toast.error(serverMessage(result.error));
  };

  let body;
  if (done || (link && !link.subscribed)) {
    body = (
      <p aria-live="polite" className="font-medium">
        You have been unsubscribed. You will get no more newsletters from us.
      </p>
    );
  } else if (link) {
    body = (
      <>
        <p>
          Stop newsletters to <span className="font-medium break-all">{link.email}</span>?
        </p>
        <button
          type="button"
          className={`${PRIMARY} mt-4`}
          disabled={unsubscribing.isLoading}
          onClick={() => void handleUnsubscribe()}
        >
          Unsubscribe
        </button>
      </>
    );
  } else if (isError) {
    body = (
      <>
        <p>This unsubscribe link is not valid. Please open the whole link from the e-mail.</p>
        <Link to="/" className={`${OUTLINE} mt-4`}>
          Back to the home page
        </Link>
      </>
    );
  } else {
    body = <Skeleton className="h-6 w-2/3" />;
  }

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold">Newsletter</h1>
      <section className={CARD} aria-busy={isLoading}>
        {body}
      </section>
    </div>
  );
}
