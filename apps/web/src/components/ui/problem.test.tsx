import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProblemLine } from './problem.tsx';

afterEach(cleanup);

describe('ProblemLine', () => {
  it('says its message in a paragraph read out as an alert, red and semibold', () => {
    render(<ProblemLine message="That code has expired." />);
    const line = screen.getByRole('alert');
    expect(line.tagName).toBe('P');
    expect(line.textContent).toBe('That code has expired.');
    expect(line.className).toBe('font-semibold text-red-700');
  });

  it('is a list item when asked, with spacing added to the same look', () => {
    render(
      <ul>
        <ProblemLine as="li" message="The log could not be loaded." className="mt-2" />
      </ul>,
    );
    const line = screen.getByRole('alert');
    expect(line.tagName).toBe('LI');
    expect(line.textContent).toBe('The log could not be loaded.');
    expect(line.className).toBe('font-semibold text-red-700 mt-2');
  });

  it('keeps the id a field points at, and shows nothing without a message', () => {
    const { rerender } = render(<ProblemLine id="sign-in-error" message="Wrong code." />);
    expect(screen.getByRole('alert').id).toBe('sign-in-error');
    rerender(<ProblemLine id="sign-in-error" message="" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.getElementById('sign-in-error')).toBeNull();
  });
});
