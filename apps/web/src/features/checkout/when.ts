import type { AvailableTimings } from '@servery/contract/order';

/**
 * The time the order is for: the customer's choice while the store still offers it, else ASAP
 * when the store is open, else its first slot; null when there is no time at all.
 */
export function resolveWhen(chosen: string | null, timings: AvailableTimings): string | null {
  const slots = timings.days.flatMap((day) => day.slots);
  if (chosen === 'asap' && timings.asap.available) return 'asap';
  if (chosen && chosen !== 'asap' && slots.some((slot) => slot.at === chosen)) return chosen;
  if (timings.asap.available) return 'asap';
  return slots[0]?.at ?? null;
}
