import type { OrderLine } from '@servery/contract/order';
import { AppError } from '../../lib/app-error.ts';
import { refundedCounts } from './refund-rules.ts';

type AskedLine = { index: number; quantity: number };

/**
 * What the asked lines are worth, checked against the order and what earlier refunds already
 * gave back of each line: a line is never refunded more times than it was ordered. Each unit is
 * its share of the line's total, rounded to the penny.
 */
export function valueOfRefundLines(
  lines: readonly OrderLine[],
  asked: readonly AskedLine[],
  earlier: readonly (readonly AskedLine[])[],
): number {
  const given = refundedCounts(earlier);
  let value = 0;
  const seen = new Set<number>();
  for (const [position, line] of asked.entries()) {
    const ordered = lines[line.index];
    const field = `lines.${position}`;
    if (!ordered || seen.has(line.index)) {
      throw new AppError(422, 'invalid_lines', 'A line is not in this order.', {
        [field]: 'Not a line of this order',
      });
    }
    seen.add(line.index);
    const left = ordered.quantity - (given.get(line.index) ?? 0);
    if (line.quantity > left) {
      throw new AppError(409, 'line_refunded', `Only ${left} of ${ordered.name} can be refunded.`, {
        [field]: `Only ${left} left to refund`,
      });
    }
    value += Math.round((ordered.line_total * line.quantity) / ordered.quantity);
  }
  return value;
}
