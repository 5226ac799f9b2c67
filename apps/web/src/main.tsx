import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createStore } from './app/store.ts';
import { applyShopTheme } from './app/use-shop-theme.ts';
import { adoptEmbeddedConfig } from './lib/shop-config.ts';
import './index.css';

// The server hands the page its shop's configuration: cache it and dress the page before the
// first render, so nothing shifts when the fresh copy arrives.
applyShopTheme(adoptEmbeddedConfig());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={createStore()} />
  </StrictMode>,
);
