import { Link, useNavigate } from 'react-router';
import { useEffect } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { signOut, updateStoredCustomer } from '../../../lib/session.ts';
import { useGetCustomerQuery } from '../api.ts';
import { ProfileForm } from './profile-form.tsx';
import { SavedAddresses } from './saved-addresses.tsx';
import { SavedCards } from './saved-cards.tsx';
import { YourData } from './your-data.tsx';
import { YourBookings } from './your-bookings.tsx';
import { formatPhone } from '@servery/contract/phone-format';
import { buttonClass } from '../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';

/** product.md §2 /account: the signed-in customer's profile, addresses, their data and sign-out. */
export function AccountPage() {
  const navigate = useNavigate();
  const { data: customer, isError, refetch } = useGetCustomerQuery();

  // The menu greets the customer by the name the server has now.
  useEffect(() => {
    if (customer) updateStoredCustomer(customer);
  }, [customer]);

  const handleSignOut = () => {
    signOut();
    navigate('/');
  };

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold">Your account</h1>
        {customer ? (
          <p className="mt-1 text-stone-700">
            Signed in as <span className="font-medium break-all">{signInContact(customer)}</span>
          </p>
        ) : null}
      </div>

      <section className={CARD_CLASS} aria-busy={!customer && !isError}>
        {customer ? (
          <ProfileForm customer={customer} />
        ) : isError ? (
          <div role="alert">
            <h2 className="text-xl font-semibold">Your details</h2>
            <p className="mt-2">Your details could not be loaded.</p>
            <button
              type="button"
              onClick={() => void refetch()}
              className={buttonClass({ variant: 'outline', className: 'mt-3' })}
            >
              Try again
            </button>
          </div>
        ) : (
          <div className="space-y-4">
            <Skeleton className="h-7 w-40" />
            <Skeleton className="h-44" />
          </div>
        )}
      </section>

      <div className={CARD_CLASS}>
        <YourBookings />
      </div>

      <div className={CARD_CLASS}>
        <SavedAddresses />
      </div>

      <div className={CARD_CLASS}>
        <SavedCards />
      </div>

      <div className={CARD_CLASS}>
        <YourData />
      </div>

      <section className={CARD_CLASS} aria-labelledby="more-title">
        <h2 id="more-title" className="text-xl font-semibold">
          More
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link to="/orders" className={buttonClass({ variant: 'outline' })}>
            Your orders
          </Link>
          <Link to="/invite-friends" className={buttonClass({ variant: 'outline' })}>
            Invite friends
          </Link>
          <button
            type="button"
            onClick={handleSignOut}
            className={buttonClass({ variant: 'outline' })}
          >
            Sign Out
          </button>
        </div>
      </section>
    </div>
  );
}

function signInContact(customer: {
  email: string | null;
  phone: string | null;
  email_verified: boolean;
}) {
  if (customer.email_verified) return customer.email;
  return customer.phone ? formatPhone(customer.phone) : customer.email;
}
