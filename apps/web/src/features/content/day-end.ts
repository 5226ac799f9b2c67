/**
 * An instant of the server's (`dayEndsAt`, ISO) on this device's clock, in milliseconds. A
 * phone's clock may be minutes out; the answer's Date header is the server's second when it
 * answered, read here at `receivedAt`. The header is truncated to the second and was written
 * before the answer arrived, so the instant found is never before the server's: a page fetching
 * again then gets the new day's answer, and never asks again and again for the old one.
 */
export function onThisDevice(dayEndsAt: string, serverDate: string | null, receivedAt: number) {
  const at = Date.parse(dayEndsAt);
  const server = serverDate ? Date.parse(serverDate) : Number.NaN;
  return Number.isNaN(server) ? at : at - (server - receivedAt);
}
