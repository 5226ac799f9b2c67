/**
 * The server's clock, as the staff screens read it. A kitchen tablet's own clock may be minutes
 * wrong, but a pause's end, an order's answer-by time and a booking's no-show time are the
 * server's instants: a countdown made from the tablet's clock would lie by as much (the walk's
 * finding 11). Every answer of /api/admin carries the server's time in its Date header, to the
 * second; the server read it somewhere between asking and answering, so each answer bounds the
 * difference between the two clocks. The bounds of all answers are kept together, and they
 * close in on the difference within a few answers, to well under a second.
 */

/** The server's clock minus this device's, in milliseconds: at least `low`, at most `high`. */
let low = Number.NEGATIVE_INFINITY;
let high = Number.POSITIVE_INFINITY;

/**
 * Notes an answer's Date header. `askedAt` and `answeredAt` are this device's clock when the
 * request left and when its answer was read. An answer without a readable Date says nothing.
 */
export function noteServerDate(date: string | null, askedAt: number, answeredAt: number): void {
  const server = date ? Date.parse(date) : Number.NaN;
  if (Number.isNaN(server)) return;
  // The header is the second the server's clock read, some time between askedAt and answeredAt.
  const atLeast = server - answeredAt;
  const atMost = server + 1000 - askedAt;
  if (atLeast > high || atMost < low) {
    // Bounds that cannot both hold: one of the clocks was set since. Start again from this one.
    low = atLeast;
    high = atMost;
    return;
  }
  low = Math.max(low, atLeast);
  high = Math.min(high, atMost);
}

/** The server's clock minus this device's, in milliseconds; 0 until an answer has said. */
export function serverClockOffset(): number {
  return Number.isFinite(low) && Number.isFinite(high) ? Math.round((low + high) / 2) : 0;
}

/** The time now on the server's clock, as milliseconds since the epoch (as Date.now()). */
export const serverNow = () => Date.now() + serverClockOffset();

/** For tests: forget what the answers said, as a new page would. */
export function forgetServerClock(): void {
  low = Number.NEGATIVE_INFINITY;
  high = Number.POSITIVE_INFINITY;
}
