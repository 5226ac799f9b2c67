import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingRequest } from '@servery/contract/reservation';
import { bookingShareText, openWhatsappShare, whatsappShareUrl } from './whatsapp-share.ts';

const booking: BookingRequest = {
  name: 'Priya Shah',
  email: 'priya@example.com',
  phone: '07700900123',
  date: '2026-11-24',
  time: '07:30 PM',
  number_of_people: '4',
  message: 'A high chair, please & thank you',
};

afterEach(() => vi.unstubAllGlobals());

describe('the WhatsApp share (product.md §7)', () => {
  it('lists name, email, time, date as dd/mm/yyyy, phone, people and message, in that order', () => {
    expect(bookingShareText(booking)).toBe(
      [
        'Table booking',
        'Name: Priya Shah',
        'Email: priya@example.com',
        'Time: 07:30 PM',
        'Date: 24/11/2026',
        'Phone: 07700900123',
        'People: 4',
        'Message: A high chair, please & thank you',
      ].join('\n'),
    );
  });

  it('leaves out an empty message', () => {
    expect(bookingShareText({ ...booking, message: '' })).not.toContain('Message');
  });

  it('goes to wa.me with the number as digits and the text encoded', () => {
    const url = new URL(whatsappShareUrl('+44 7700 900321', booking));
    expect(url.origin + url.pathname).toBe('https://wa.me/447700900321');
    expect(url.searchParams.get('text')).toBe(bookingShareText(booking));
    expect(url.search).toContain('%26%20thank');
  });

  it('opens a 600 by 600 window cut off from the page', () => {
    const popup = { opener: 'the page' as unknown };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    openWhatsappShare('447700900321', booking);
    const [url, name, features] = open.mock.calls[0] as unknown as [string, string, string];
    expect(url).toBe(whatsappShareUrl('447700900321', booking));
    expect(name).toBe('whatsapp-share');
    expect(features).toMatch(/^popup,width=600,height=600,left=\d+,top=\d+$/);
    expect(popup.opener).toBeNull();
  });
});
