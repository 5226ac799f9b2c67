import type { ReactNode } from 'react';
import { tenancyAssetPath } from '@servery/contract/constants';
import type { Banner } from '@servery/contract/home';

/**
 * The top band of a landing page: the shop's banner behind a heading, a line and actions.
 * Its height is reserved, so nothing below moves when the banner arrives.
 */
export function Hero({
  banner,
  title,
  subtitle,
  children,
}: {
  banner: Banner | undefined;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-primary text-on-primary"
    >
      {banner ? (
        <img
          src={tenancyAssetPath(banner.banner)}
          alt={banner.alt}
          width={1200}
          height={480}
          className="absolute inset-0 h-full w-full object-cover opacity-60"
        />
      ) : null}
      <div className="relative mx-auto flex min-h-[21rem] max-w-5xl flex-col justify-center px-4 py-12 sm:min-h-[26rem]">
        <h1 id="hero-title" className="text-3xl font-bold sm:text-5xl">
          {title}
        </h1>
        {subtitle ? <p className="mt-3 max-w-xl text-lg">{subtitle}</p> : null}
        <div className="mt-8 flex flex-wrap gap-3">{children}</div>
      </div>
    </section>
  );
}
