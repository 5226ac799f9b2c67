import type { OrderType } from './order-types.ts';

/** The message a paused order type shows when the shop wrote none. */
export function defaultPauseMessage(types: readonly OrderType[]): string {
  const what = types.length === 2 ? 'orders' : `${types[0]} orders`;
  return `We are not taking ${what} right now. Please try again a little later.`;
}

/** Whether a pause's message is one of the defaults above (the shop wrote no words of its own). */
export const isDefaultPauseMessage = (message: string) =>
  (
    [
      ['collection'],
      ['delivery'],
      ['collection', 'delivery'],
    ] as const satisfies readonly (readonly OrderType[])[]
  ).some((types) => defaultPauseMessage(types) === message);
