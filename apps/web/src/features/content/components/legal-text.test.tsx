import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopText, legalBlocks } from './legal-pages.tsx';

afterEach(cleanup);

const terms = [
  '## 1. Orders',
  'An order is accepted when we confirm it.',
  'Prices include VAT.',
  '',
  '## 2. Payment',
  '',
  'Card payments are taken when you order.',
].join('\n');

describe('the shop legal text', () => {
  it('makes "## " lines headings and the lines under them paragraphs', () => {
    expect(legalBlocks(terms)).toEqual([
      { kind: 'heading', text: '1. Orders' },
      { kind: 'paragraph', text: 'An order is accepted when we confirm it. Prices include VAT.' },
      { kind: 'heading', text: '2. Payment' },
      { kind: 'paragraph', text: 'Card payments are taken when you order.' },
    ]);
  });

  it('renders headings as headings and paragraphs as paragraphs, with Windows line ends too', () => {
    render(<ShopText text={terms.replaceAll('\n', '\r\n')} />);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      '1. Orders',
      '2. Payment',
    ]);
    expect(screen.getByText('Card payments are taken when you order.').tagName).toBe('P');
  });
});
