import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { tenancyAssetPath } from '@servery/contract/constants';
import { NotFoundMessage } from '../../../components/ui/not-found-message.tsx';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { buttonClass } from '../../../components/ui/button.tsx';

interface BrandPageProps {
  /** The brand's dishes, given its name (the app passes the menu's list; issue 20). */
  dishes?: (brandName: string) => ReactNode;
}

/** A landing page per brand of the tenant, at /{brand-slug} (product.md §2). */
export function BrandPage({ dishes }: BrandPageProps = {}) {
  const { brandSlug } = useParams();
  const config = useShopConfig();
  if (!config) return null;
  const brand = config.brands.find((b) => b.slug === brandSlug);
  if (!brand) return <NotFoundMessage />;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <div className="flex items-center gap-5">
        {brand.logo ? (
          <img
            src={tenancyAssetPath(brand.logo)}
            alt=""
            width={96}
            height={96}
            className="h-24 w-24 rounded-2xl"
          />
        ) : null}
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{brand.name}</h1>
          <p className="mt-1 text-lg text-stone-700">{brand.tagline}</p>
        </div>
      </div>
      <p className="mt-8 text-lg leading-relaxed">{brand.description}</p>
      <p className="mt-4 text-stone-700">
        Cooked in {config.websiteName}&apos;s kitchens and delivered across the area, or ready to
        collect.
      </p>
      <Link to="/menu" className={buttonClass({ className: 'mt-8 text-lg' })}>
        Order from {brand.name}
      </Link>
      {dishes?.(brand.name)}
    </article>
  );
}
