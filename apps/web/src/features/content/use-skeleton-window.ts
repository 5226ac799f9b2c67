import { useEffect, useState } from 'react';

/** product.md §9: skeletons show for 1000 ms or until the home data has loaded, whichever is first. */
export const SKELETON_FALLBACK_MS = 1000;

export function useSkeletonWindow(loaded: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), SKELETON_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, []);
  return !loaded && !expired;
}
