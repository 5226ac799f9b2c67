import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a screen's list may be drawn: false until its data first arrives, then true from a
 * transition, so that React builds the first drawing in slices of a few milliseconds with the
 * browser free between them. Data read from the store is otherwise drawn in one task: on a slow
 * tablet the desk's 20 cards were one task of half a second (issue 33). Later changes (a move,
 * a new order) are drawn at once, as before: only the first drawing waits a frame or two.
 */
export function useFirstDrawInSlices(arrived: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (arrived && !drawn) startTransition(() => setDrawn(true));
  }, [arrived, drawn]);
  return drawn;
}
