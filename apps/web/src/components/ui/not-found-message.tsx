import { Link } from 'react-router';
import { buttonClass } from './button.tsx';

export function NotFoundMessage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-stone-700">There is no page at this address.</p>
      <Link to="/" className={buttonClass({ className: 'mt-6' })}>
        Back to the home page
      </Link>
    </div>
  );
}
