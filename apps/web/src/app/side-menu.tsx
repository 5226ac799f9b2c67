import { Link, useNavigate } from 'react-router';
import type { ShopConfig } from '@servery/contract/config';
import { buttonClass } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { useLazyGetReferralQuery } from '../features/account/api.ts';
import { SHARE_UNSUPPORTED_MESSAGE, referralLink, shareLink } from '../lib/referral.ts';
import { rememberReturnTo } from '../lib/return-to.ts';
import { signOut, useUserData } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { shopLinks } from './shop-links.tsx';

const WIDE = 'w-full';
const ROW = 'rounded-lg px-4 py-3 text-left font-medium hover:bg-stone-100';

/** product.md §2: the slide-out menu, signed out (Sign Up, Log in) or signed in (account links). */
export function SideMenu({
  open,
  onClose,
  config,
}: {
  open: boolean;
  onClose: () => void;
  config: ShopConfig | null;
}) {
  const shopName = config?.websiteName ?? '';
  const navigate = useNavigate();
  const user = useUserData();
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  // Signing in from a dish or the booking form comes back to it (issue 30).
  const signInFromHere = () => {
    rememberReturnTo();
    go('/login');
  };

  const [fetchReferral] = useLazyGetReferralQuery();
  const handleInvite = async () => {
    // Close first: a toast under an open modal would be inert and unseen.
    onClose();
    if (typeof navigator.share !== 'function') {
      toast.error(SHARE_UNSUPPORTED_MESSAGE);
      return;
    }
    // The customer's own invite link; the stored customer usually knows its code already.
    const code =
      user?.customer.referral_code ?? (await fetchReferral(undefined, true)).data?.referral_code;
    await shareLink({
      title: shopName,
      text: `Order from ${shopName} with me`,
      url: code ? referralLink(code) : location.origin,
    });
  };

  const handleSignOut = () => {
    signOut();
    go('/');
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      labelledBy="side-menu-title"
      className="m-0 ml-auto h-full max-h-none w-80 max-w-[85vw] bg-white p-0 shadow-xl"
    >
      <nav aria-labelledby="side-menu-title" className="flex h-full flex-col gap-3 p-5">
        <div className="flex items-center justify-between">
          <h2 id="side-menu-title" className="text-lg font-semibold">
            {user
              ? user.customer.first_name
                ? `Hi, ${user.customer.first_name}`
                : 'Hi there'
              : 'Menu'}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-full px-3 py-1 text-2xl leading-none"
            aria-label="Close menu"
          >
            ×
          </button>
        </div>
        <ul aria-label="The shop" className="flex flex-col border-b border-stone-200 pb-3">
          {shopLinks(config).map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={onClose} className={`block ${ROW}`}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        {user ? (
          <>
            <Link to="/account" onClick={onClose} className={ROW}>
              Manage account
            </Link>
            <Link to="/orders" onClick={onClose} className={ROW}>
              Orders
            </Link>
            <button type="button" onClick={handleInvite} className={ROW}>
              Invite Friends
            </button>
            <button
              type="button"
              onClick={handleSignOut}
              className={buttonClass({ variant: 'outline', className: `${WIDE} mt-auto` })}
            >
              Sign Out
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              onClick={() => signInFromHere()}
              className={buttonClass({ className: WIDE })}
            >
              Sign Up
            </button>
            <button
              type="button"
              onClick={() => signInFromHere()}
              className={buttonClass({ variant: 'outline', className: WIDE })}
            >
              Log in
            </button>
          </>
        )}
      </nav>
    </Dialog>
  );
}
