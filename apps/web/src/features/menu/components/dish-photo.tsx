import type { ImgHTMLAttributes } from 'react';
import { tenancyAssetPath } from '@servery/contract/constants';
import { photoSources } from '@servery/contract/photo-names';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  image: string;
  /** How wide the photo is drawn, for the browser to pick a width (the `sizes` attribute). */
  sizes: string;
};

/**
 * A dish's photo (issue 28): an uploaded one as a `<picture>` of AVIF, then WebP, each at the
 * stored widths, so a phone fetches the smallest file that is sharp on its screen; a tenant
 * document's own image as it is.
 */
export function DishPhoto({ image, sizes, alt = '', ...img }: Props) {
  const sources = photoSources(image);
  if (!sources) return <img src={tenancyAssetPath(image)} alt={alt} {...img} />;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img src={sources.fallback} alt={alt} {...img} />
    </picture>
  );
}
