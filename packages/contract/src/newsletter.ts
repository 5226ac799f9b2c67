import { z } from 'zod';
import { ZEmailAddress } from './email.ts';

/** The body of POST /api/subscribe (product.md §7 does not show it; architecture.md decides). */
export const ZSubscribeRequest = z.object({ email: ZEmailAddress });
export type SubscribeRequest = z.infer<typeof ZSubscribeRequest>;

/** The success toast of product.md §8, which the server also sends as its message. */
export const SUBSCRIBED_MESSAGE = 'Thank you for subscribing!';
