import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { StaffSession } from '@servery/contract/staff';
import { ROLE_LABELS, type Permission } from '@servery/contract/staff-roles';
import { ADMIN_SECTIONS } from './admin-sections.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { useSignOutStaffMutation } from './session/sign-in-api.ts';
import { ServiceBar } from './service-alert/service-bar.tsx';
import { useService } from './service-alert/service-context.ts';
import { useAdminTitle } from './service-alert/use-admin-title.ts';

/** The sections this person may open. */
export const sectionsFor = (session: StaffSession) =>
  ADMIN_SECTIONS.filter((s) => session.permissions.includes(s.permission as Permission));

const navClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center rounded-xl px-4 text-base font-semibold whitespace-nowrap ${
    isActive ? 'bg-primary text-on-primary' : 'text-stone-800 hover:bg-stone-200'
  }`;

/**
 * Header with the shop, the person and sign-out; navigation that scrolls sideways on phones and
 * wraps from a tablet up, so every section is in sight on the counter's screen.
 */
export function AdminLayout({ session, children }: { session: StaffSession; children: ReactNode }) {
  const [signOut, signingOut] = useSignOutStaffMutation();
  const service = useService();
  useAdminTitle(session.shop.name, service.waiting);
  return (
    <div className="min-h-screen bg-stone-100 text-stone-900">
      <header className="border-b border-stone-300 bg-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3">
          <div className="mr-auto">
            <p className="text-lg font-bold">{session.shop.name}</p>
            <p className="text-sm text-stone-600">
              {session.staff.name} · {ROLE_LABELS[session.staff.role]}
            </p>
          </div>
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'lg' })}
            onClick={() => {
              // A device signed out is no longer one that rings or is pushed to.
              service.stop();
              void signOut();
            }}
            disabled={signingOut.isLoading}
          >
            Sign out
          </button>
        </div>
        <nav
          aria-label="Staff sections"
          className="mx-auto max-w-7xl overflow-x-auto px-4 pb-3 md:overflow-visible"
        >
          <ul className="flex gap-2 md:flex-wrap">
            <li>
              <NavLink to="/admin" end className={navClass}>
                Home
              </NavLink>
            </li>
            {sectionsFor(session).map((section) => (
              <li key={section.path}>
                <NavLink
                  to={`/admin/${section.path}`}
                  className={(state) =>
                    // Room kept for the waiting count: when it comes, nothing after it moves
                    // (it had pushed a section onto the next row as the desk opened).
                    section.path === 'desk'
                      ? `${navClass(state)} min-w-44 justify-center`
                      : navClass(state)
                  }
                >
                  {section.label}
                  {section.path === 'desk' && service.waiting > 0 && (
                    <WaitingBadge count={service.waiting} />
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ServiceBar />
      </header>
      <main id="admin-main" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
    </div>
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
