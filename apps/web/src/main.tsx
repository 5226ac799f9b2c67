import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createStore } from './app/store.ts';
import { applyShopTheme } from './app/use-shop-theme.ts';
import { adoptEmbeddedConfig } from './lib/shop-config.ts';
import './index.css';

// The server hands the page its shop's configuration: cache it and dress the page before the
// first render, so nothing shifts when the fresh copy arrives.
applyShopTheme(adoptEmbeddedConfig());

// The first render is a transition: React builds the page in slices of a few milliseconds with
// the browser free in between, instead of one long task that a phone feels as a frozen page.
const root = createRoot(document.getElementById('root')!);
const store = createStore();
startTransition(() => {
  root.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
});
