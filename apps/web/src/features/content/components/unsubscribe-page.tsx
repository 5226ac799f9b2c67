import { Link, useParams } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useGetUnsubscribeLinkQuery, useUnsubscribeMutation } from '../api.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';

const CARD = `${CARD_CLASS} mt-6`;
const PRIMARY = buttonClass();
const OUTLINE = buttonClass({ variant: 'outline' });

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
