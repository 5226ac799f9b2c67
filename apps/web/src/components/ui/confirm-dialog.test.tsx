import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('asks with its title and text, the safe choice focused, and answers each choice', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        id="remove-sam"
        title="Remove Sam Cook?"
        confirmLabel="Yes, remove"
        cancelLabel="Keep"
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        They are signed out everywhere at once.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove Sam Cook?' });
    expect(dialog.getAttribute('aria-describedby')).toBe('remove-sam-text');
    expect(document.getElementById('remove-sam-text')?.textContent).toBe(
      'They are signed out everywhere at once.',
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('says a refusal inside, and takes no second answer while the first is on its way', () => {
    render(
      <ConfirmDialog
        open
        id="no-show"
        title="No-show Priya Shah, 4?"
        confirmLabel="Yes, no-show"
        busy
        problem="This booking has moved on: it is no longer booked."
        onCancel={() => {}}
        onConfirm={() => {}}
      >
        Their seats go back to the slot.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'This booking has moved on: it is no longer booked.',
    );
    const confirm = screen.getByRole('button', { name: 'Yes, no-show' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeTruthy();
  });

  it('shows nothing while closed', () => {
    render(
      <ConfirmDialog
        open={false}
        id="mix"
        title="Start a new basket?"
        confirmLabel="Empty it and add"
        onCancel={() => {}}
        onConfirm={() => {}}
      >
        A basket holds dishes from one store only.
      </ConfirmDialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('A basket holds dishes from one store only.')).toBeNull();
  });
});
