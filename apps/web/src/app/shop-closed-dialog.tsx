import { useState } from 'react';
import type { ShopConfig } from '@servery/contract/config';
import { Dialog } from '../components/ui/dialog.tsx';

/** SPEC §1 and §4: when the configuration says IsShopClosed 1, a dismissable dialog. */
export function ShopClosedDialog({ config }: { config: ShopConfig | null }) {
  const [dismissed, setDismissed] = useState(false);
  const open = config?.IsShopClosed === 1 && !dismissed;
  return (
    <Dialog
      open={open}
      onClose={() => setDismissed(true)}
      labelledBy="closed-title"
      describedBy="closed-text"
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-center shadow-xl"
    >
      <h2 id="closed-title" className="text-xl font-semibold">
        We&apos;re currently closed
      </h2>
      <p id="closed-text" className="mt-3 text-stone-700">
        {config?.ShopClosedMessage}
      </p>
      <button
        type="button"
        onClick={() => setDismissed(true)}
        className="mt-5 rounded-lg bg-primary px-8 py-2.5 font-semibold text-on-primary"
      >
        OK
      </button>
    </Dialog>
  );
}
