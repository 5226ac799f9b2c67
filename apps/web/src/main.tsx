import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createStore } from './app/store.ts';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={createStore()} />
  </StrictMode>,
);
