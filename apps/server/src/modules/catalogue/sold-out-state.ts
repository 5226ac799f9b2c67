import type { SoldOutState } from '@servery/contract/service';

/** What a sold-out flag and its instant mean at `at`. */
export function soldOutState(
  soldOut: boolean,
  until: Date | string | null | undefined,
  at: Date,
): { sold_out: SoldOutState; sold_out_until: string | null } {
  if (soldOut) return { sold_out: 'indefinitely', sold_out_until: null };
  const instant = until ? new Date(until) : null;
  if (instant && instant.getTime() > at.getTime()) {
    return { sold_out: 'today', sold_out_until: instant.toISOString() };
  }
  return { sold_out: false, sold_out_until: null };
}
