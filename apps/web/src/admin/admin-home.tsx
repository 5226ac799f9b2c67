import { Link } from 'react-router';
import type { StaffSession } from '@servery/contract/staff';
import { sectionsFor } from './admin-sections.tsx';
import { CARD_CLASS } from '../components/ui/card.tsx';

/** The first screen after signing in: the sections this person can open, as large tiles. */
export function AdminHome({ session }: { session: StaffSession }) {
  const sections = sectionsFor(session);
  return (
    <>
      <h1 className="text-3xl font-bold">Hello, {session.staff.name.split(' ')[0]}</h1>
      <p className="mt-2 text-lg text-stone-700">
        {session.stores.length === 0
          ? 'You are not assigned to a store yet. Ask an owner to add you to one.'
          : `Your stores: ${session.stores.map((s) => s.name).join(', ')}.`}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((section) => (
          <li key={section.path}>
            <Link
              to={`/admin/${section.path}`}
              className={`${CARD_CLASS} block min-h-28 outline-offset-4 hover:ring-2 hover:ring-primary`}
            >
              <span className="block text-xl font-bold">{section.label}</span>
              <span className="mt-1 block text-stone-700">{section.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
