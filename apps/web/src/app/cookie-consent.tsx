import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../components/ui/dialog.tsx';
import { readCookie, removeCookie, writeCookie } from '../lib/cookies.ts';
import { COOKIE_CONSENT } from '../lib/storage-keys.ts';
import { buttonClass } from '../components/ui/button.tsx';

/** Categories a visitor may turn on; off until chosen. */
const OPTIONAL = [
  { id: 'analytics', name: 'Analytics', purpose: 'help the shop see which pages work.' },
  { id: 'marketing', name: 'Marketing', purpose: 'offers on other sites.' },
] as const;
type OptionalCategory = (typeof OPTIONAL)[number]['id'];

/**
 * product.md §2 and §4: shown while the cookiesAccepted cookie is absent. Accept sets it for 365 days;
 * Reject removes it (so the question comes back next visit). Servery itself uses only strictly
 * necessary storage, so "Cookie settings" shows that category always on and the optional
 * ones off until the visitor turns them on.
 *
 * It is open from its first render, which on a first visit is the page's first frame (shell.tsx,
 * docs/decisions/0026): the question is what a first-time visitor must answer, and on a phone it
 * is the largest thing on the screen.
 */
export function CookieConsent() {
  const [open, setOpen] = useState(() => readCookie(COOKIE_CONSENT.name) === null);
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
            className={buttonClass()}
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
          className={buttonClass()}
        >
          Accept
        </button>
        <button
          type="button"
          onClick={handleReject}
          className={buttonClass({ variant: 'outline' })}
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
