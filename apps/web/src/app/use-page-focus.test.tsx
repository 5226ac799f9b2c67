import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageFocus } from './use-page-focus.ts';

afterEach(cleanup);

/** A page whose heading comes later, as a lazy page's does. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <h1>Stores</h1>
  ) : (
    <button type="button" onClick={() => setReady(true)}>
      Finish loading
    </button>
  );
}

/** A page whose loading frame has its own heading, swapped for the page's (as the menu's is). */
function FramedPage() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <section key="page">
      <h1>Menu</h1>
    </section>
  ) : (
    <div key="frame">
      <h1>Menu</h1>
      <button type="button" onClick={() => setReady(true)} tabIndex={-1}>
        Page arrives
      </button>
    </div>
  );
}

function App() {
  usePageFocus('main');
  return (
    <main id="main">
      <Link to="/menu">To the menu</Link> <Link to="/stores">To the stores</Link>
      <Link to="/form">To the form</Link> <Link to="/framed">To the framed page</Link>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/menu" element={<h1>Menu</h1>} />
        <Route path="/stores" element={<SlowPage />} />
        <Route path="/framed" element={<FramedPage />} />
        <Route path="/form" element={<input aria-label="Postcode" autoFocus />} />
      </Routes>
    </main>
  );
}

describe('focus after navigation', () => {
  it('stays where the browser puts it on first load', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(document.body);
  });

  it('moves to the new page’s heading, made focusable from script only', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'To the menu' }));
    const heading = screen.getByRole('heading', { name: 'Menu' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    // Once focus moves on, the heading is plain text again.
    await userEvent.tab();
    expect(heading.hasAttribute('tabindex')).toBe(false);
  });

  it('waits for a heading that arrives after the page', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'To the stores' }));
    act(() => screen.getByRole('button', { name: 'Finish loading' }).click());
    const heading = await screen.findByRole('heading', { name: 'Stores' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('follows to the page’s heading when it replaces the loading frame’s', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'To the framed page' }));
    const frameHeading = screen.getByRole('heading', { name: 'Menu' });
    await waitFor(() => expect(document.activeElement).toBe(frameHeading));
    act(() => screen.getByRole('button', { name: 'Page arrives' }).click());
    const pageHeading = screen.getByRole('heading', { name: 'Menu' });
    expect(pageHeading).not.toBe(frameHeading);
    await waitFor(() => expect(document.activeElement).toBe(pageHeading));
  });

  it('leaves a field that took focus itself alone', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'To the form' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Postcode' }));
  });
});
