import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { StaffSession } from '@servery/contract/staff';
import { sectionOf, sectionsFor } from './admin-sections.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { MenuIcon } from '../components/ui/menu-icon.tsx';

/**
 * A phone's row is the list's width; from `md` the links stand in the header's line, smaller
 * on a tablet so that an owner's fourteen (Shop among them) fit in two lines beside the shop and
 * the buttons.
 */
const navClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center px-4 text-base font-semibold whitespace-nowrap md:rounded-xl md:px-3 md:text-sm xl:text-base ${
    isActive ? 'bg-primary text-on-primary' : 'text-stone-800 hover:bg-stone-200'
  }`;

/**
 * The staff sections. From a tablet's width up every one is in sight, in the header's line
 * (admin-layout.tsx). On a phone they are a "Sections" menu button beside the current
 * section's name, which opens the list below it, a row of 48 px each; it closes on the way
 * to a section, on Escape, or on the button again (docs/decisions/0074).
 */
export function AdminNav({
  session,
  phone,
  waiting,
}: {
  session: StaffSession;
  phone: boolean;
  waiting: number;
}) {
  const { pathname } = useLocation();
  // Open at one address only: any way to another (a link here, a home tile, Back) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = phone && openAt === pathname;
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const current = pathname.replace(/\/+$/, '') === '/admin' ? 'Home' : sectionOf(pathname)?.label;

  /** Folds the list away; focus goes back to the button, not lost with the hidden list. */
  const close = () => {
    if (!open) return;
    setOpenAt(null);
    button.current?.focus();
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <nav
      aria-label="Staff sections"
      className="clear-both md:clear-none md:inline"
      onKeyDown={handleKeyDown}
    >
      {phone && (
        <div className="flex items-center gap-3 pb-2">
          <button
            ref={button}
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpenAt(open ? null : pathname)}
            className={buttonClass({ variant: 'outline', size: 'lg', className: 'shrink-0' })}
          >
            <MenuIcon />
            Sections
          </button>
          {current && (
            <p className="min-w-0 text-lg leading-tight font-bold">
              <span className="sr-only">This screen: </span>
              {current}
            </p>
          )}
        </div>
      )}
      <ul
        id={listId}
        hidden={phone && !open}
        className="mb-2 divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-300 md:mb-0 md:inline md:divide-y-0 md:overflow-visible md:rounded-none md:border-0"
      >
        <li className="md:mr-1 md:mb-1 md:inline-block md:align-top">
          <NavLink to="/admin" end className={navClass} onClick={close}>
            Home
          </NavLink>
        </li>
        {sectionsFor(session).map((section) => (
          <li key={section.path} className="md:mr-1 md:mb-1 md:inline-block md:align-top">
            <NavLink
              to={`/admin/${section.path}`}
              onClick={close}
              className={(state) =>
                // Room kept for a count of up to two digits: when it comes, nothing after it
                // moves (it had pushed a section onto the next row as the desk opened).
                section.path === 'desk'
                  ? `${navClass(state)} md:min-w-36 md:justify-center xl:min-w-39`
                  : navClass(state)
              }
            >
              {section.label}
              {section.path === 'desk' && waiting > 0 && <WaitingBadge count={waiting} />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** How many orders wait, beside "Order desk" on every screen. */
function WaitingBadge({ count }: { count: number }) {
  return (
    <span
      data-testid="waiting-badge"
      className="ml-2 rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-bold text-white"
    >
      <span className="sr-only">, </span>
      {count}
      <span className="sr-only"> waiting</span>
    </span>
  );
}
