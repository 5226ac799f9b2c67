import { allergenWords, type AllergenInfo } from '@servery/contract/allergens';

/**
 * A line's allergens as the kitchen must see them: "⚠ Contains: milk, peanuts" in bold, traces
 * after. Null (an order from before they were kept) says so rather than looking allergen-free.
 */
export function LineAllergens({
  allergens,
  className = '',
}: {
  allergens: AllergenInfo | null;
  className?: string;
}) {
  if (!allergens) {
    return <span className={`block ${className}`}>Allergens not recorded: check the menu</span>;
  }
  if (allergens.contains.length === 0 && allergens.may_contain.length === 0) return null;
  return (
    <span className={`block ${className}`} data-testid="line-allergens">
      {allergens.contains.length > 0 && (
        <strong className="block">
          <span aria-hidden="true">⚠ </span>Contains: {allergenWords(allergens.contains)}
        </strong>
      )}
      {allergens.may_contain.length > 0 && (
        <span className="block">May contain: {allergenWords(allergens.may_contain)}</span>
      )}
    </span>
  );
}
