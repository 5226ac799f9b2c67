import { PRODUCT_NAME } from '@servery/contract/constants';

/** The page names, by the first part of the path (issue 20: every page its own title). */
const PAGE_NAMES: Record<string, string> = {
  login: 'Sign in',
  verification: 'Enter your code',
  menu: 'Menu',
  store: 'Menu',
  stores: 'Stores',
  cart: 'Basket',
  account: 'Your account',
  checkout: 'Checkout',
  payment: 'Payment',
  orders: 'Your orders',
  promo: 'Offers',
  'invite-friends': 'Invite friends',
  privacy: 'Privacy policy',
  terms: 'Terms and conditions',
  CookiePolicy: 'Cookie policy',
  reservation: 'Book a table',
  unsubscribe: 'Unsubscribe',
};

/**
 * "Menu · Tandoor Lane": the page, then the shop (its websiteName, else the product name,
 * product.md §1). The home page and brand pages carry the shop name alone.
 */
export function pageTitle(pathname: string, websiteName: string | undefined): string {
  const shop = websiteName || PRODUCT_NAME;
  const [first = '', second] = pathname.split('/').filter(Boolean);
  let page = PAGE_NAMES[first];
  if (first.startsWith('list_store')) page = 'Stores';
  if (first === 'store' && second && pathname.includes('/product-details/')) page = 'Dish';
  if (first === 'orders' && second) page = 'Your order';
  if (first === 'reservation' && second === 'cancel') page = 'Cancel booking';
  return page ? `${page} · ${shop}` : shop;
}
