import type { ReactNode } from 'react';
import type { StaffSession } from '@servery/contract/staff';
import { ROLE_LABELS } from '@servery/contract/staff-roles';
import { AdminNav } from './admin-nav.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { useSignOutStaffMutation } from './session/sign-in-api.ts';
import { ServiceBar } from './service-alert/service-bar.tsx';
import { useService } from './service-alert/service-context.ts';
import { useAdminTitle } from './service-alert/use-admin-title.ts';
import { usePhoneWidth } from './use-phone-width.ts';

/**
 * The header of every staff screen: the shop and the person on the left, Sign out on the right,
 * and, from a tablet's width up, the sections and the service controls in the line between them
 * and on under them, each 48 px tall. It took about 250 px above the desk's first order on a
 * 1024 × 768 tablet in three bands of its own; in one flow an owner's header is two lines and a
 * member of staff's one (docs/decisions/0074). On a phone the sections are a menu (admin-nav.tsx).
 */
export function AdminLayout({ session, children }: { session: StaffSession; children: ReactNode }) {
  const [signOut, signingOut] = useSignOutStaffMutation();
  const service = useService();
  const phone = usePhoneWidth();
  useAdminTitle(session.shop.name, service.waiting);
  return (
    <div className="min-h-screen bg-stone-100 text-stone-900">
      <header className="border-b border-stone-300 bg-white print:hidden">
        {/* A line of floats and inline blocks: the links fill what the shop's name and Sign
            out leave of the first line, then the whole width of the next. */}
        <div className="mx-auto flow-root max-w-7xl px-4 pt-2 pb-1 md:pt-1 md:pb-0">
          <div className="float-left mr-3 mb-2 flex min-h-12 flex-col justify-center leading-tight md:mb-1">
            <p className="text-lg font-bold">{session.shop.name}</p>
            <p className="text-sm text-stone-600">
              {session.staff.name} · {ROLE_LABELS[session.staff.role]}
            </p>
          </div>
          <button
            type="button"
            className={buttonClass({
              variant: 'outline',
              size: 'lg',
              className: 'float-right mb-2 ml-3 md:mb-1 md:px-4',
            })}
            onClick={() => {
              // A device signed out is no longer one that rings or is pushed to.
              service.stop();
              void signOut();
            }}
            disabled={signingOut.isLoading}
          >
            Sign out
          </button>
          <AdminNav session={session} phone={phone} waiting={service.waiting} />
          <ServiceBar phone={phone} />
        </div>
      </header>
      <main id="admin-main" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
