import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Executor } from '../../db/client.ts';
import { pushVapidKeys } from '../../db/schema.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about this server: a mailto: or https: address. */
  subject: string;
}

export interface VapidSettings {
  /** Both from the environment (env.ts checks they come as a pair), or neither. */
  publicKey?: string;
  privateKey?: string;
  subject: string;
}

/**
 * The server's VAPID keys (docs/decisions/0032): the environment's, or else the pair kept in the
 * database, made by whichever process asks first. `on conflict do nothing` then reading the row
 * back means two processes starting together end up with the same pair. Remembered once read.
 */
export function vapidKeysLoader(db: Executor, settings: VapidSettings) {
  let loaded: Promise<VapidKeys> | undefined;
  const load = async (): Promise<VapidKeys> => {
    if (settings.publicKey && settings.privateKey) {
      return { publicKey: settings.publicKey, privateKey: settings.privateKey, ...settings };
    }
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(pushVapidKeys)
      .values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey })
      .onConflictDoNothing();
    const [row] = await db
      .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
      .from(pushVapidKeys)
      .where(eq(pushVapidKeys.id, sql`1`));
    if (!row) throw new Error('push: the VAPID key pair could not be stored');
    return { ...row, subject: settings.subject };
  };
  return () => {
    // A failed read (the database away) is tried again by the next caller.
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
export type LoadVapidKeys = ReturnType<typeof vapidKeysLoader>;
