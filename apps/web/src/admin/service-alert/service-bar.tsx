import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { useService } from './service-context.ts';

const waitingWords = (n: number) =>
  n === 0 ? 'No orders waiting.' : n === 1 ? '1 order waiting.' : `${n} orders waiting.`;

/** A 48 px button in two lines: what it does, then, smaller, what comes with it. */
function TwoLineButton({
  what,
  with: also,
  onClick,
}: {
  what: string;
  with: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={buttonClass({ size: 'lg', className: 'md:px-4' })}
      onClick={onClick}
    >
      <span className="flex flex-col leading-tight">
        <span>{what}</span> <span className="text-sm font-normal">{also}</span>
      </span>
    </button>
  );
}

/**
 * Service on every screen of the staff application: start it (or, after a reload, resume it with
 * one tap), see that it runs, stop it at the end of the evening; how many orders wait. From a
 * tablet's width up it is the last piece of the header's line (admin-layout.tsx), 48 px tall,
 * and the waiting count is the badge on "Order desk" beside it (admin-nav.tsx): the words here
 * are then only said to a screen reader. On a phone, where the sections are folded, they show.
 */
export function ServiceBar({ phone }: { phone: boolean }) {
  const service = useService();
  if (!service.runsOrders) return null;
  const start = () => void service.start();
  // From `md`, 17 rem: the widest of the three states, so the header keeps its lines whichever
  // shows (the first tap after a reload resumes service under the finger; decision 74).
  return (
    <div className="clear-both flex flex-wrap items-center gap-x-3 gap-y-2 pb-2 md:clear-none md:mb-1 md:ml-2 md:inline-flex md:min-h-12 md:min-w-68 md:flex-nowrap md:pb-0 md:align-top">
      {service.phase === 'off' && (
        <TwoLineButton what="Start service" with="(sound on, screen awake)" onClick={start} />
      )}
      {service.phase === 'resume' && (
        <>
          <TwoLineButton what="Resume service" with="(sound on)" onClick={start} />
          <p className="max-w-26 text-sm leading-tight font-semibold text-red-800">
            Page reloaded: tap anywhere.
          </p>
        </>
      )}
      {service.phase === 'on' && (
        <>
          <p className="text-sm leading-tight">
            <span className="font-bold text-green-800">Service on:</span>{' '}
            <span className="block">a chime every 10 s.</span>
          </p>
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'lg', className: 'md:px-4' })}
            onClick={service.stop}
          >
            Stop service
          </button>
        </>
      )}
      <p aria-live="polite" className={phone ? 'w-full font-semibold' : 'sr-only'}>
        {phone && service.waiting > 0 ? (
          <Link to="/admin/desk" className="text-red-800 underline">
            {waitingWords(service.waiting)}
          </Link>
        ) : (
          <span className="text-stone-700">{waitingWords(service.waiting)}</span>
        )}
      </p>
    </div>
  );
}
