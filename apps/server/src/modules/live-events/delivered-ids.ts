/**
 * Which event ids a hub has dealt with (sent to its streams, or found no stream to send to), as
 * a watermark and the ids above it (decision 31). Every id up to `watermark` is dealt with or
 * will never exist; above it, ids are kept one by one, because ids are drawn when an event is
 * written but arrive in commit order, so a lower one may still come. The watermark moves up
 * over ids that follow it without a hole, and to a settled id (`settleTo`) when the database
 * says nothing below it can still appear.
 */
export class DeliveredIds {
  private mark: number;
  private readonly above = new Set<number>();

  constructor(watermark = 0) {
    this.mark = watermark;
  }

  /** Every id up to this one is dealt with: a replay starts after it. */
  get watermark(): number {
    return this.mark;
  }

  /** How many ids above the watermark are remembered (a hole keeps them). */
  get remembered(): number {
    return this.above.size;
  }

  has(id: number): boolean {
    return id <= this.mark || this.above.has(id);
  }

  add(id: number): void {
    if (id <= this.mark) return;
    this.above.add(id);
    while (this.above.delete(this.mark + 1)) this.mark += 1;
  }

  /**
   * Nothing up to `id` can still appear, and every id up to it that exists has been dealt
   * with: the ones kept up to it are forgotten.
   */
  settleTo(id: number): void {
    if (id <= this.mark) return;
    this.mark = id;
    for (const kept of this.above) if (kept <= id) this.above.delete(kept);
    while (this.above.delete(this.mark + 1)) this.mark += 1;
  }
}
