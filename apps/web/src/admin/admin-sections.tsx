import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffSession } from '@servery/contract/staff';
import type { Permission } from '@servery/contract/staff-roles';

export interface AdminSection {
  /** Under /admin/. */
  path: string;
  label: string;
  /** One line on the home screen. */
  description: string;
  /** Who sees it; the server checks again on every call. */
  permission: Permission;
  /** Fetches the screen's chunk; `element` renders it once there. */
  load: () => Promise<{ default: ComponentType }>;
  element: LazyExoticComponent<ComponentType>;
}

/** A screen in a chunk of its own, which can be asked for before it is rendered. */
function screen(load: () => Promise<{ default: ComponentType }>) {
  return { load, element: lazy(load) };
}

/**
 * The screens of the staff application, in the order of the navigation. Each is its own lazy
 * chunk; a person sees only those their role allows.
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'desk',
    label: 'Order desk',
    description:
      'New orders ring here: accept, reject, and move them on until they are handed over.',
    permission: 'orders:run',
    ...screen(() => import('./desk/desk-page.tsx').then((m) => ({ default: m.DeskPage }))),
  },
  {
    path: 'bookings',
    label: 'Bookings',
    description:
      'The day’s tables: requests to answer, covers per time, arrivals and walk-ins, close-outs.',
    permission: 'bookings:run',
    ...screen(() => import('./diary/diary-page.tsx').then((m) => ({ default: m.DiaryPage }))),
  },
  {
    path: 'service',
    label: 'Service',
    description: 'Sold out, pause and busy mode for each store, live on the storefront.',
    permission: 'menu:availability',
    ...screen(() => import('./service/service-page.tsx').then((m) => ({ default: m.ServicePage }))),
  },
  {
    path: 'menu',
    label: 'Menu',
    description: 'Dishes, prices, photos, choices and which store sells what.',
    permission: 'menu:edit',
    ...screen(() =>
      import('./menu/menu-editor-page.tsx').then((m) => ({ default: m.MenuEditorPage })),
    ),
  },
  {
    path: 'staff',
    label: 'Staff',
    description: 'Invite people, set their role and stores, remove them.',
    permission: 'staff:manage',
    ...screen(() => import('./staff/staff-page.tsx').then((m) => ({ default: m.StaffPage }))),
  },
  {
    path: 'audit',
    label: 'Audit log',
    description: 'Every change made by staff: who, what, when, before and after.',
    permission: 'audit:read',
    ...screen(() => import('./audit/audit-page.tsx').then((m) => ({ default: m.AuditPage }))),
  },
  {
    path: 'subscribers',
    label: 'Subscribers',
    description: 'Who agreed to hear from you and when, as a CSV for your mailing tool.',
    permission: 'customers:export',
    ...screen(() =>
      import('./subscribers/subscribers-page.tsx').then((m) => ({ default: m.SubscribersPage })),
    ),
  },
  // The promotions, zones and capacity editors (issue 28).
  {
    path: 'promos',
    label: 'Promo codes',
    description: 'Codes for money off: who, where, when and how often; live on save.',
    permission: 'shop:edit',
    ...screen(() => import('./promos/promos-page.tsx').then((m) => ({ default: m.PromosPage }))),
  },
  {
    path: 'stores',
    label: 'Delivery & capacity',
    description: 'Delivery zones and fees, orders per quarter hour, auto-accept and auto-print.',
    permission: 'shop:edit',
    ...screen(() =>
      import('./stores/store-settings-page.tsx').then((m) => ({ default: m.StoreSettingsPage })),
    ),
  },
  {
    path: 'shop',
    label: 'Shop',
    description: 'The shop’s name, colours, logos and contacts; each store’s address and phone.',
    permission: 'shop:edit',
    ...screen(() => import('./shop/shop-page.tsx').then((m) => ({ default: m.ShopPage }))),
  },
  // The back office (issue 29).
  {
    path: 'orders',
    label: 'Orders',
    description: 'Find any order by number, name, phone, e-mail or postcode; its story; refunds.',
    permission: 'orders:run',
    ...screen(() => import('./orders/orders-page.tsx').then((m) => ({ default: m.OrdersPage }))),
  },
  {
    path: 'reports',
    label: 'Reports',
    description: 'Sales by day, week or month, VAT by rate, cash and card, and the Z report.',
    permission: 'reports:read',
    ...screen(() => import('./reports/reports-page.tsx').then((m) => ({ default: m.ReportsPage }))),
  },
  {
    path: 'customers',
    label: 'Customers',
    description: 'Who orders from you, what they spent, and their consent to hear from you.',
    permission: 'customers:read',
    ...screen(() =>
      import('./customers/customers-page.tsx').then((m) => ({ default: m.CustomersPage })),
    ),
  },
];

/** The sections this person may open. */
export const sectionsFor = (session: StaffSession) =>
  ADMIN_SECTIONS.filter((s) => session.permissions.includes(s.permission));

/** The section an address under /admin shows: `/admin/bookings/2026-11-25` is Bookings. */
export function sectionOf(pathname: string): AdminSection | undefined {
  const first = pathname.split('/')[2] ?? '';
  return ADMIN_SECTIONS.find((section) => section.path === first);
}

/**
 * Starts fetching the screen a page under /admin shows (admin-app.tsx calls it as it loads),
 * so its chunk arrives beside the session check instead of after it (docs/decisions/0027).
 */
export function loadScreenOf(pathname: string) {
  if (!/^\/admin(?:\/|$)/.test(pathname)) return;
  void sectionOf(pathname)
    ?.load()
    .catch(() => undefined);
}
