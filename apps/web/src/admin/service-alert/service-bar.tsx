import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { useService } from './service-context.ts';

const waitingWords = (n: number) =>
  n === 0 ? 'No orders waiting.' : n === 1 ? '1 order waiting.' : `${n} orders waiting.`;

/**
 * Service on every screen of the staff application: start it (or, after a reload, resume it with
 * one tap), see that it runs, stop it at the end of the evening; how many orders wait.
 */
export function ServiceBar() {
  const service = useService();
  if (!service.runsOrders) return null;
  const big = `${buttonClass({ size: 'lg' })} text-lg`;
  return (
    <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 pb-3">
      {service.phase === 'off' && (
        <button type="button" className={big} onClick={() => void service.start()}>
          Start service (sound on, screen awake)
        </button>
      )}
      {service.phase === 'resume' && (
        <>
          <button type="button" className={big} onClick={() => void service.start()}>
            Resume service (sound on)
          </button>
          <p className="font-semibold text-red-800">
            The page reloaded: tap anywhere to hear new orders again.
          </p>
        </>
      )}
      {service.phase === 'on' && (
        <>
          <p className="font-semibold text-green-800">
            Service started: a chime every 10 s while orders wait.
          </p>
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'lg' })}
            onClick={service.stop}
          >
            Stop service
          </button>
        </>
      )}
      <p aria-live="polite" className="font-semibold">
        {service.waiting > 0 ? (
          <Link to="/admin/desk" className="text-red-800 underline">
            {waitingWords(service.waiting)}
          </Link>
        ) : (
          <span className="text-stone-700">{waitingWords(0)}</span>
        )}
      </p>
    </div>
  );
}
