import type { AllergenInfo } from '@servery/contract/allergens';
import { allergenList } from '../labels.ts';

/** Contains and may contain, in words; says so when none of the 14 allergens is declared. */
export function AllergenFacts({ allergens }: { allergens: AllergenInfo }) {
  if (allergens.contains.length === 0 && allergens.may_contain.length === 0) {
    return <p>None of the 14 allergens is declared for this dish.</p>;
  }
  return (
    <dl className="grid gap-1">
      {allergens.contains.length > 0 ? (
        <div>
          <dt className="inline font-semibold">Contains: </dt>
          <dd className="inline">{allergenList(allergens.contains)}</dd>
        </div>
      ) : null}
      {allergens.may_contain.length > 0 ? (
        <div>
          <dt className="inline font-semibold">May contain: </dt>
          <dd className="inline">{allergenList(allergens.may_contain)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
