import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../components/ui/dialog.tsx';
import { readCookie, removeCookie, writeCookie } from '../lib/cookies.ts';
import { COOKIE_CONSENT } from '../lib/storage-keys.ts';

/** Categories a visitor may turn on; off until chosen. */
const OPTIONAL = [
  { id: 'analytics', name: 'Analytics', purpose: 'help the shop see which pages work.' },
  { id: 'marketing', name: 'Marketing', purpose: 'offers on other sites.' },
] as const;
type OptionalCategory = (typeof OPTIONAL)[number]['id'];

/**
 * SPEC §2 and §4: shown while the cookiesAccepted cookie is absent. Accept sets it for 365 days;
 * Reject removes it (so the question comes back next visit). Servery itself uses only strictly
 * necessary storage, so "Cookie settings" shows that category always on and the optional
 * ones off until the visitor turns them on.
 *
 * It opens in a task of its own once the page has committed: showModal lays out the whole page
 * there and then, and inside the first render's commit that made one long task of both (on a
 * phone, the page froze for it while the menu was arriving).
 */
export function CookieConsent() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (readCookie(COOKIE_CONSENT.name) !== null) return;
    const timer = setTimeout(() => setOpen(true));
    return () => clearTimeout(timer);
  }, []);
  const [settings, setSettings] = useState(false);
  const [chosen, setChosen] = useState<OptionalCategory[]>([]);

  const accept = (value: string) => {
    writeCookie(COOKIE_CONSENT.name, value, COOKIE_CONSENT.days);
    setOpen(false);
  };
  const handleReject = () => {
    removeCookie(COOKIE_CONSENT.name);
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      labelledBy="cookie-title"
      describedBy="cookie-text"
      className="mx-auto mt-auto mb-4 w-[min(34rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
    >
      <h2 id="cookie-title" className="text-lg font-semibold">
        We use cookies
      </h2>
      <p id="cookie-text" className="mt-2 text-sm text-stone-700">
        We use cookies and browser storage to keep your basket, sign you in and remember your
        choices. Read our{' '}
        <Link
          to="/CookiePolicy"
          onClick={() => setOpen(false)}
          className="font-medium text-primary underline"
        >
          Cookie Policy
        </Link>
        .
      </p>
      {settings ? (
        <fieldset className="mt-4 space-y-3 text-sm" data-testid="cookie-settings">
          <legend className="font-semibold">Cookie settings</legend>
          <label className="flex items-start gap-3">
            <input type="checkbox" checked disabled className="mt-1" />
            <span>
              <strong>Strictly necessary</strong> (always on): your basket, sign-in and this choice.
            </span>
          </label>
          {OPTIONAL.map(({ id, name, purpose }, index) => (
            <label key={id} className="flex items-start gap-3">
              <input
                type="checkbox"
                checked={chosen.includes(id)}
                onChange={(e) =>
                  setChosen((now) =>
                    e.target.checked ? [...now, id] : now.filter((c) => c !== id),
                  )
                }
                // The button that opened the settings is gone: focus moves to the first choice.
                autoFocus={index === 0}
                className="mt-1"
              />
              <span>
                <strong>{name}</strong>: {purpose}
              </span>
            </label>
          ))}
          <button
            type="button"
            onClick={() =>
              accept(
                [
                  'necessary',
                  ...OPTIONAL.map((c) => c.id).filter((id) => chosen.includes(id)),
                ].join(','),
              )
            }
            className="rounded-lg bg-primary px-4 py-2 font-semibold text-on-primary"
          >
            Save choices
          </button>
        </fieldset>
      ) : null}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => accept('true')}
          // The dialog's first choice takes focus, not the policy link in its text.
          data-autofocus
          className="rounded-lg bg-primary px-5 py-2.5 font-semibold text-on-primary"
        >
          Accept
        </button>
        <button
          type="button"
          onClick={handleReject}
          className="rounded-lg border border-stone-400 px-5 py-2.5 font-semibold"
        >
          Reject
        </button>
        {settings ? null : (
          <button
            type="button"
            onClick={() => setSettings(true)}
            className="ml-auto text-sm font-medium underline"
          >
            Cookie settings
          </button>
        )}
      </div>
    </Dialog>
  );
}
