import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { referralLink, shareLink } from '../../../lib/referral.ts';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { toast } from '../../../lib/toast.ts';
import { useGetReferralQuery } from '../api.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';

function joinedText(count: number) {
  if (count === 0) return 'No friends have joined with your link yet.';
  return `${count} ${count === 1 ? 'friend has' : 'friends have'} joined with your link.`;
}

/** architecture.md: /invite-friends shares the signed-in customer's referral link. */
export function InviteFriendsPage() {
  const shopName = useShopConfig()?.websiteName ?? 'us';
  const { data, isError, refetch } = useGetReferralQuery();
  const link = data ? referralLink(data.referral_code) : '';

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Link copied.');
    } catch {
      toast.error('The link could not be copied. Select it and copy it yourself.');
    }
  };

  const handleShare = () =>
    shareLink({ title: shopName, text: `Order from ${shopName} with me`, url: link });

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold">Invite friends</h1>
      <p className="mt-2 text-stone-700">
        Share your link with friends. When they sign up to {shopName} with it, they show here as
        friends you invited.
      </p>
      <div className={`${CARD_CLASS} mt-6`} aria-busy={!data && !isError}>
        {data ? (
          <>
            <label htmlFor="invite-link" className="block text-sm font-medium">
              Your invite link
            </label>
            <input
              id="invite-link"
              type="text"
              readOnly
              value={link}
              onFocus={(event) => event.target.select()}
              className={inputClass({ className: 'font-mono text-sm' })}
            />
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="button" onClick={handleCopy} className={buttonClass()}>
                Copy link
              </button>
              <button
                type="button"
                onClick={handleShare}
                className={buttonClass({ variant: 'outline' })}
              >
                Share
              </button>
            </div>
            <p className="mt-5 font-medium" data-testid="friends-joined">
              {joinedText(data.friends_joined)}
            </p>
          </>
        ) : isError ? (
          <div role="alert">
            <p>Your invite link could not be loaded.</p>
            <button
              type="button"
              onClick={() => void refetch()}
              className={buttonClass({ variant: 'outline', className: 'mt-3' })}
            >
              Try again
            </button>
          </div>
        ) : (
          <div className="space-y-3">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-11" />
            <Skeleton className="h-11 w-56" />
          </div>
        )}
      </div>
    </div>
  );
}
