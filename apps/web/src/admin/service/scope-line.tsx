/**
 * What a card of the Service page changes, said on the card itself (the walk's finding 4): a
 * line above them all read "every switch changes one store" over the whole-shop switches.
 */
export function ScopeLine({ store }: { store: string | null }) {
  return (
    <p className="text-stone-700">
      {store === null ? (
        <>
          These change <strong className="text-stone-900">every store</strong> at once.
        </>
      ) : (
        <>
          These change <strong className="text-stone-900">{store}</strong> only.
        </>
      )}
    </p>
  );
}
