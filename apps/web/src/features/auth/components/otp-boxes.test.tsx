import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpBoxes } from './otp-boxes.tsx';

function Harness({ length = 4, onEnter = () => {} }: { length?: number; onEnter?: () => void }) {
  const [digits, setDigits] = useState(() => Array.from({ length }, () => ''));
  return (
    <>
      <h1 id="title">Enter the code</h1>
      <OtpBoxes digits={digits} onChange={setDigits} onEnter={onEnter} labelledBy="title" />
      <output data-testid="code">{digits.join('')}</output>
    </>
  );
}

afterEach(cleanup);

const box = (n: number, of = 4) => screen.getByRole('textbox', { name: `Digit ${n} of ${of}` });
const values = (of = 4) =>
  Array.from({ length: of }, (_, i) => (box(i + 1, of) as HTMLInputElement).value);

describe('the code boxes', () => {
  it('are one labelled numeric box per digit, the first offered to one-time-code autofill', () => {
    render(<Harness length={6} />);
    expect(screen.getByRole('group', { name: 'Enter the code' })).toBeTruthy();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1, 6).getAttribute('autocomplete')).toBe('one-time-code');
    expect(box(2, 6).getAttribute('autocomplete')).toBe('off');
    for (let i = 1; i <= 6; i++) expect(box(i, 6).getAttribute('inputmode')).toBe('numeric');
  });

  it('take one digit each, move focus forward as digits are typed, and ignore other keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('4a8-2 1');
    expect(values()).toEqual(['4', '8', '2', '1']);
    expect(document.activeElement).toBe(box(4));
    // Typing on a full box replaces its digit.
    await user.keyboard('7');
    expect(values()).toEqual(['4', '8', '2', '7']);
  });

  it('Backspace clears a box and moves back; on an empty box it clears the one before', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('482');
    expect(document.activeElement).toBe(box(4));
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['4', '8', '', '']);
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['4', '', '', '']);
    expect(document.activeElement).toBe(box(2));
  });

  it('fill every box from a whole code pasted into any box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste('Your code is 4821');
    expect(screen.getByTestId('code').textContent).toBe('4821');
    expect(document.activeElement).toBe(box(4));
  });

  it('fill from the box pasted into when only part of a code is pasted', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(2));
    await user.paste('93');
    expect(values()).toEqual(['', '9', '3', '']);
    expect(document.activeElement).toBe(box(4));
  });

  it('fill every box when autofill puts the whole code into the first one', () => {
    render(<Harness length={6} />);
    fireEvent.change(box(1, 6), { target: { value: '582913' } });
    expect(values(6)).toEqual(['5', '8', '2', '9', '1', '3']);
  });

  it('report Enter, without submitting a surrounding form themselves', async () => {
    const user = userEvent.setup();
    const onEnter = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Harness onEnter={onEnter} />
        <button type="submit">Continue</button>
      </form>,
    );
    await user.click(box(1));
    await user.keyboard('12{Enter}');
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
