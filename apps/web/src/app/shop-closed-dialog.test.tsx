import type { ShopConfig } from '@servery/contract/config';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopClosedDialog } from './shop-closed-dialog.tsx';

const closed = {
  IsShopClosed: 1,
  ShopClosedMessage: 'We open again at 5 pm.',
} as ShopConfig;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('ShopClosedDialog', () => {
  it('once dismissed with OK, stays away on the next page load of the visit', async () => {
    const first = render(<ShopClosedDialog config={closed} />);
    expect(screen.getByText('We open again at 5 pm.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    // A page load mounts the shell afresh.
    render(<ShopClosedDialog config={closed} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows on every load until dismissed', () => {
    const first = render(<ShopClosedDialog config={closed} />);
    expect(screen.getByRole('dialog')).toBeTruthy();
    first.unmount();
    render(<ShopClosedDialog config={closed} />);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
