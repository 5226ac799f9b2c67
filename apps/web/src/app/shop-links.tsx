import { NavLink } from 'react-router';
import type { ShopConfig } from '@servery/contract/config';

/** What the shop offers, on every page (issue 20 point 7): the menu, offers, stores, booking. */
export function shopLinks(config: ShopConfig | null): { to: string; label: string }[] {
  const links = [
    { to: '/menu', label: 'Menu' },
    { to: '/promo', label: 'Offers' },
    { to: '/stores', label: 'Stores' },
  ];
  if (config?.allowBooking === 1) links.push({ to: '/reservation', label: 'Book a table' });
  return links;
}

/** The header's row of links, from a tablet's width up (a phone has them in the side menu). */
export function HeaderLinks({ config }: { config: ShopConfig | null }) {
  return (
    <nav aria-label="Shop" className="ml-4 hidden md:block">
      <ul className="flex items-center gap-1">
        {shopLinks(config).map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className="block rounded-lg px-3 py-2 font-medium text-stone-800 hover:bg-stone-100 aria-[current=page]:text-primary aria-[current=page]:underline aria-[current=page]:underline-offset-4"
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
