import { Link } from 'react-router';
import { ChunkLoadError } from './lazy-page.ts';
import { buttonClass } from '../components/ui/button.tsx';

/** What a visitor sees instead of a blank screen when a page fails to load or breaks. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const chunk = error instanceof ChunkLoadError;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">
        {chunk ? 'This page could not load' : 'Something went wrong'}
      </h1>
      <p className="mt-3 text-stone-700">
        {chunk
          ? 'Your connection may have dropped, or the shop has just been updated. Reloading usually fixes it.'
          : 'Sorry, this page ran into a problem. Reloading may help.'}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" onClick={() => location.reload()} className={buttonClass()}>
          Reload the page
        </button>
        <Link to="/" reloadDocument className={buttonClass({ variant: 'outline' })}>
          Home page
        </Link>
      </div>
    </div>
  );
}
