import { Skeleton } from '../../../components/ui/skeleton.tsx';

/**
 * The menu's placeholder: the toolbar, the category bar and the first dish cards, at their
 * sizes, so the menu takes their place without moving the page.
 */
export function MenuSkeleton() {
  return (
    <div className="mt-6 space-y-4" aria-busy="true">
      <p className="sr-only">Loading the menu…</p>
      <Skeleton className="h-11" />
      <Skeleton className="h-10 w-3/4" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-44" />
        <Skeleton className="h-44" />
        <Skeleton className="h-44" />
        <Skeleton className="h-44" />
      </div>
    </div>
  );
}

/**
 * The menu page while its code is still arriving: the same frame and heading as the page, so
 * the page's first paint already has them (main bundle; tiny).
 */
export function MenuPageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16">
      <h1 className="text-3xl font-bold">Menu</h1>
      <MenuSkeleton />
    </div>
  );
}
