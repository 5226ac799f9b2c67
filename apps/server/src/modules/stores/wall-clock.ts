/**
 * Converting between instants and the shop's wall clock, with the time-zone database inside
 * Node (ICU): right across midnight and both clock changes.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function partsOf(at: Date, timeZone: string) {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** "2026-11-22": the shop's calendar date at `at`. */
export function localDate(at: Date, timeZone: string): string {
  const p = partsOf(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The date `days` after a calendar date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday) of a calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return ((new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7) + 1;
}

/** Minutes the zone is ahead of UTC at `at` (60 in London summer time). */
function offsetMinutes(at: Date, timeZone: string): number {
  const p = partsOf(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant the shop's clock reads `minutes` after midnight on `date` (minutes may pass 1440
 * into the next day). Null for a time the clock skips when it goes forward; for a time it reads
 * twice when it goes back, the first.
 */
export function instantAt(date: string, minutes: number, timeZone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, 0, minutes);
  // The offsets a day either side: equal, no clock change is near and the answer is direct.
  const before = offsetMinutes(new Date(wall - 26 * 3600_000), timeZone);
  const after = offsetMinutes(new Date(wall + 26 * 3600_000), timeZone);
  if (before === after) return new Date(wall - before * 60_000);
  // Near a change: try both offsets; the earliest that reads right wins, none means skipped.
  const candidates = [before, after]
    .map((offset) => new Date(wall - offset * 60_000))
    .filter((at) => {
      const p = partsOf(at, timeZone);
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates[0] ?? null;
}
