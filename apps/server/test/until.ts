/**
 * What `look` finds, asked again every 100 ms until it finds something (not undefined); fails
 * naming `what` after `ms`. For what a background worker (the outbox, a retry) does in its own
 * time: the bound only ends a wait that would never end, it asserts no speed.
 */
export async function until<T>(
  look: () => T | undefined | Promise<T | undefined>,
  what: string,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
