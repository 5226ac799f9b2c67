// No zod here: the checkout reads the order types on its first screen (docs/decisions/0048);
// menu.ts re-exports them beside its schemas.

export const ORDER_TYPES = ['delivery', 'collection'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
