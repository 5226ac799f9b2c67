import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppState } from './app/app-state.ts';
import { loadHomePages } from './app/lazy-pages.ts';
import { asksAboutCookies, loadCookieConsent } from './app/shell.tsx';
import { adoptEmbeddedStores } from './features/menu/api.ts';
import { applyShopTheme } from './app/use-shop-theme.ts';
import { adoptEmbeddedConfig } from './lib/shop-config.ts';
import './index.css';

// The server hands the page its shop's configuration: cache it and dress the page before the
// first render, so nothing shifts when the fresh copy arrives.
applyShopTheme(adoptEmbeddedConfig());

// The landing page is a chunk of its own: on / it loads alongside the first render.
if (location.pathname === '/') void loadHomePages();
// A visit that has not answered the cookie question gets it in the first frame (shell.tsx): the
// served page preloads its code, and the first render waits for it (and goes on without it).
const ready = asksAboutCookies() ? loadCookieConsent().catch(() => undefined) : Promise.resolve();

// The first render is a transition: React builds the page in slices of a few milliseconds with
// the browser free in between, instead of one long task that a phone feels as a frozen page.
const root = createRoot(document.getElementById('root')!);
const appState = createAppState();
// And the shop's stores, so the landing and menu pages need not ask for them.
adoptEmbeddedStores(appState.dispatch);
void ready.then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App appState={appState} />
      </StrictMode>,
    );
  }),
);
