import { useState } from 'react';
import type { ShopConfig } from '@servery/contract/config';
import { SHOP_CLOSED_TITLE } from '@servery/contract/constants';
import { Dialog } from '../components/ui/dialog.tsx';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { buttonClass } from '../components/ui/button.tsx';

function dismissedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.shopClosedDismissed) === '1';
  } catch {
    return false;
  }
}

/**
 * product.md §1 and §4: when the configuration says IsShopClosed 1, a dismissable dialog. Once
 * dismissed it stays away for the visit (session storage), not back on every page load.
 */
export function ShopClosedDialog({ config }: { config: ShopConfig | null }) {
  const [dismissed, setDismissed] = useState(dismissedThisVisit);
  const open = config?.IsShopClosed === 1 && !dismissed;
  const handleDismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(STORAGE_KEYS.shopClosedDismissed, '1');
    } catch {
      // Storage disabled (private mode): dismissed for this page only.
    }
  };
  return (
    <Dialog
      open={open}
      onClose={handleDismiss}
      labelledBy="closed-title"
      describedBy="closed-text"
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-center shadow-xl"
    >
      <h2 id="closed-title" className="text-xl font-semibold">
        {SHOP_CLOSED_TITLE}
      </h2>
      <p id="closed-text" className="mt-3 text-stone-700">
        {config?.ShopClosedMessage}
      </p>
      <button
        type="button"
        onClick={handleDismiss}
        className={buttonClass({ className: 'mt-5 px-8' })}
      >
        OK
      </button>
    </Dialog>
  );
}
