import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SECTIONS, loadScreenOf } from './admin-sections.tsx';

const section = (path: string) => ADMIN_SECTIONS.find((s) => s.path === path)!;

describe('the screen of a staff address, fetched as the staff application loads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fetches the one screen the address names, whatever follows it', () => {
    const loads = ADMIN_SECTIONS.map((s) =>
      vi.spyOn(s, 'load').mockResolvedValue({ default: () => null }),
    );
    loadScreenOf('/admin/bookings/2026-11-25');
    expect(section('bookings').load).toHaveBeenCalledTimes(1);
    expect(loads.filter((load) => load.mock.calls.length > 0)).toHaveLength(1);
  });

  it('fetches no screen for the staff home, an unknown screen or a storefront page', () => {
    const loads = ADMIN_SECTIONS.map((s) =>
      vi.spyOn(s, 'load').mockResolvedValue({ default: () => null }),
    );
    for (const path of ['/admin', '/admin/', '/admin/no-such-screen', '/admindesk', '/menu'])
      loadScreenOf(path);
    expect(loads.every((load) => load.mock.calls.length === 0)).toBe(true);
  });

  it('keeps going when the chunk cannot be fetched (the screen shows its own failure later)', async () => {
    vi.spyOn(section('desk'), 'load').mockRejectedValue(new Error('offline'));
    expect(() => loadScreenOf('/admin/desk')).not.toThrow();
    await Promise.resolve();
  });
});
