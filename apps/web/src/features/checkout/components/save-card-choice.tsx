import { CHOICE_CLASS, RADIO_CLASS } from '../../../components/ui/choice.tsx';

/**
 * "Save this card for next time" (issue 30, point 11): unticked until the customer agrees. The
 * card stays with the payment provider; this shop keeps its brand, last four digits and expiry.
 */
export function SaveCardChoice({
  checked,
  onChange,
  testMode = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testMode?: boolean;
}) {
  return (
    <label className={`${CHOICE_CLASS} mt-4`}>
      <input
        type="checkbox"
        className={RADIO_CLASS}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby="save-card-hint"
      />
      <span className="min-w-0 flex-1">
        <span className="font-medium">Save this card for next time</span>
        <span id="save-card-hint" className="block text-sm text-stone-700">
          {testMode
            ? 'Test mode: a test token is kept, with the last four digits and expiry.'
            : 'Your card stays with our payment provider, Stripe. We keep only its last four digits and expiry. Remove it any time from your account.'}
        </span>
      </span>
    </label>
  );
}
