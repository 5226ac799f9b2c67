import { LOGO_SLOTS } from '@servery/contract/shop-identity';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { adminErrorMessage } from '../admin-api.ts';
import { IdentityForm } from './identity-form.tsx';
import { LogoField } from './logo-field.tsx';
import { useShopIdentityQuery } from './shop-api.ts';
import { StoreContactForm } from './store-contact-form.tsx';

/**
 * The Shop screen (walk item 10): the shop's name, colours, logos and contacts for someone who
 * works in every store, and each of one's stores' address and phone. Every save is on the
 * storefront at once, on every server process.
 */
export function ShopPage() {
  const { data: shop, error } = useShopIdentityQuery();
  if (!shop) {
    return (
      <>
        <h1 className="text-3xl font-bold">Shop</h1>
        <p role="status" className="mt-4">
          {error ? adminErrorMessage(error) : 'Loading the shop’s details…'}
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="text-3xl font-bold">Shop: {shop.websiteName}</h1>
      <div className="mt-6 space-y-6">
        {shop.editable ? (
          <>
            <section className={CARD_CLASS}>
              <IdentityForm shop={shop} />
            </section>
            <section aria-labelledby="logos-heading" className={CARD_CLASS}>
              <h2 id="logos-heading" className="text-2xl font-bold">
                Logos
              </h2>
              <p className="mt-1 text-stone-700">
                A new one is on the storefront as soon as it is chosen.
              </p>
              <div className="mt-4 grid gap-6 md:grid-cols-3">
                {LOGO_SLOTS.map((slot) => (
                  <LogoField key={slot} shop={shop} slot={slot} />
                ))}
              </div>
            </section>
          </>
        ) : (
          <p className={`${CARD_CLASS} font-semibold`}>
            The shop’s name, colours, logos and contacts are the whole shop’s: only someone who
            works in every store (an owner) changes them. Your stores’ addresses and phones are
            below.
          </p>
        )}
        <section aria-labelledby="stores-heading" className={`${CARD_CLASS} space-y-8`}>
          <h2 id="stores-heading" className="text-2xl font-bold">
            {shop.stores.length === 1 ? 'Your store' : 'Stores'}
          </h2>
          {shop.stores.map((store) => (
            <StoreContactForm key={store.store_id} store={store} />
          ))}
        </section>
      </div>
    </>
  );
}
