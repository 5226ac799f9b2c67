import { useState } from 'react';
import { savedCardExpiry, savedCardName, type SavedCard } from '@servery/contract/saved-cards';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toastServerError } from '../../../lib/api.ts';
import { useGetSavedCardsQuery, useRemoveSavedCardMutation } from '../../../lib/saved-cards-api.ts';
import { toast } from '../../../lib/toast.ts';
import { AccountSection } from './account-section.tsx';

/**
 * The /account page's saved cards (issue 30, point 11): each card's brand, last four digits and
 * expiry, and Remove (asked to confirm), which forgets it at the payment provider too.
 */
export function SavedCards() {
  const {
    data: cards,
    isError,
    refetch,
  } = useGetSavedCardsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [remove, { isLoading: removing }] = useRemoveSavedCardMutation();
  const [removingCard, setRemovingCard] = useState<SavedCard | null>(null);

  const handleRemove = async () => {
    if (!removingCard) return;
    const result = await remove(removingCard.id);
    setRemovingCard(null);
    if ('error' in result) return toastServerError(result.error, { silentOn: [401] });
    toast.success(result.data.message);
    requestAnimationFrame(() => document.getElementById('cards-title')?.focus());
  };

  return (
    <AccountSection
      titleId="cards-title"
      title="Saved cards"
      what="Your cards"
      isError={isError}
      data={cards}
      onRetry={() => void refetch()}
      skeleton={<Skeleton className="mt-3 h-16" />}
      after={
        <>
          <ConfirmDialog
            open={removingCard !== null}
            id="remove-card"
            title="Remove this card?"
            confirmLabel="Remove card"
            busy={removing}
            onCancel={() => setRemovingCard(null)}
            onConfirm={() => void handleRemove()}
          >
            {removingCard
              ? `${savedCardName(removingCard)} will no longer be offered when you pay.`
              : ''}
          </ConfirmDialog>
        </>
      }
    >
      {(cards) =>
        cards.length === 0 ? (
          <p className="mt-2 text-stone-700">
            You have no saved cards. Tick “Save this card for next time” when you pay, and your next
            order is paid in one tap.
          </p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Your cards">
            {cards.map((card) => (
              <li
                key={card.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-300 p-4"
                data-testid="saved-card"
              >
                <div>
                  <p className="font-semibold">{savedCardName(card)}</p>
                  <p className={card.expired ? 'text-sm text-red-800' : 'text-sm text-stone-700'}>
                    {card.expired ? 'Expired' : 'Expires'} {savedCardExpiry(card)}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => setRemovingCard(card)}
                  className={buttonClass({ variant: 'outline' })}
                  aria-label={`Remove ${savedCardName(card)}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )
      }
    </AccountSection>
  );
}
