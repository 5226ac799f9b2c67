import type { Permission } from '@servery/contract/staff-roles';

/**
 * Every /api/admin route, and who may call it (issue 13's authorisation table). The test in
 * modules/staff/admin-authorization.integration.test.ts fails when a route is missing here. Each later
 * feature adds its rows in a section of its own, and what its URLs need to `AdminFixtures`.
 */
export interface AdminFixtures {
  /** The shop under test: a store its limited staff work in, and one they do not. */
  ownStoreId: string;
  otherStoreId: string;
  /** A member of staff of the shop (for the staff routes). */
  staffId: string;
  /** Ids of the shop's things a feature's routes act on; each feature fills its own. */
  [name: string]: string;
}

export interface AdminRouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered, e.g. /api/admin/staff/:id. */
  route: string;
  /** A concrete URL of the shop under test. */
  url: (f: AdminFixtures) => string;
  /** A body the route accepts, so that refusals are about who asks, not what is sent. */
  body?: (f: AdminFixtures) => unknown;
  /** What the route needs; null: any signed-in member of staff. */
  permission: Permission | null;
  /**
   * `id`: the URL names a thing of the shop (another shop's staff get 404).
   * `store`: the URL names a thing of `otherStoreId` (staff not working there get 404 too).
   * `none`: a list or the caller's own session.
   */
  scope: 'none' | 'id' | 'store';
  /** Sign-in routes answer to anybody: only listed so that the table covers every route. */
  public?: boolean;
  /**
   * The route switches the whole shop (every store, the diary): staff limited to some stores get
   * 403 even with the permission (walk 2, item 11; back-office complaint 15).
   */
  wholeShop?: true;
}

export const ADMIN_ROUTES: AdminRouteCase[] = [
  // Staff sign-in and session (issue 13)
  {
    method: 'POST',
    route: '/api/admin/session/code',
    url: () => '/api/admin/session/code',
    permission: null,
    scope: 'none',
    public: true,
  },
  {
    method: 'POST',
    route: '/api/admin/session',
    url: () => '/api/admin/session',
    permission: null,
    scope: 'none',
    public: true,
  },
  {
    method: 'GET',
    route: '/api/admin/session',
    url: () => '/api/admin/session',
    permission: null,
    scope: 'none',
  },
  {
    method: 'DELETE',
    route: '/api/admin/session',
    url: () => '/api/admin/session',
    permission: null,
    scope: 'none',
  },

  // Staff management and the audit log (issue 13)
  {
    method: 'GET',
    route: '/api/admin/staff',
    url: () => '/api/admin/staff',
    permission: 'staff:manage',
    scope: 'none',
  },
  {
    method: 'POST',
    route: '/api/admin/staff',
    url: () => '/api/admin/staff',
    body: () => ({ email: `new-${Date.now()}@staff.test`, name: 'New Person', role: 'staff' }),
    permission: 'staff:manage',
    scope: 'none',
  },
  {
    method: 'PATCH',
    route: '/api/admin/staff/:id',
    url: (f) => `/api/admin/staff/${f.staffId}`,
    body: () => ({ name: 'Renamed' }),
    permission: 'staff:manage',
    scope: 'id',
  },
  {
    method: 'DELETE',
    route: '/api/admin/staff/:id',
    url: (f) => `/api/admin/staff/${f.staffId}`,
    permission: 'staff:manage',
    scope: 'id',
  },
  {
    method: 'GET',
    route: '/api/admin/audit',
    url: () => '/api/admin/audit',
    permission: 'audit:read',
    scope: 'none',
  },

  // The order desk (issue 14)
  {
    method: 'GET',
    route: '/api/admin/events',
    url: () => '/api/admin/events',
    permission: null,
    scope: 'none',
  },
  {
    method: 'GET',
    route: '/api/admin/orders',
    url: () => '/api/admin/orders',
    permission: 'orders:run',
    scope: 'none',
  },
  {
    method: 'GET',
    route: '/api/admin/orders/:id',
    url: (f) => `/api/admin/orders/${f.orderId}`,
    permission: 'orders:run',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/orders/:id/status',
    url: (f) => `/api/admin/orders/${f.orderId}/status`,
    body: () => ({ status: 'accepted', minutes: 20 }),
    permission: 'orders:run',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/orders/:id/undo-move',
    url: (f) => `/api/admin/orders/${f.orderId}/undo-move`,
    body: () => ({ status: 'ready' }),
    permission: 'orders:run',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/orders/:id/print',
    url: (f) => `/api/admin/orders/${f.orderId}/print`,
    permission: 'orders:run',
    scope: 'store',
  },

  // The bookings diary (issue 16): the booking store is the one the limited staff do not work in.
  {
    method: 'GET',
    route: '/api/admin/bookings',
    url: (f) => `/api/admin/bookings?date=${f.date}`,
    permission: 'bookings:run',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/bookings',
    url: () => '/api/admin/bookings',
    body: (f) => ({
      date: f.date,
      time: '07:00 PM',
      number_of_people: 2,
      name: 'Phone Guest',
      source: 'phone',
    }),
    permission: 'bookings:run',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/bookings/:id/status',
    url: (f) => `/api/admin/bookings/${f.bookingId}/status`,
    body: () => ({ status: 'arrived' }),
    permission: 'bookings:run',
    scope: 'store',
  },
  // Issue 27, point 6: a no-show marked by mistake, undone within 10 minutes.
  {
    method: 'POST',
    route: '/api/admin/bookings/:id/undo-no-show',
    url: (f) => `/api/admin/bookings/${f.bookingId}/undo-no-show`,
    permission: 'bookings:run',
    scope: 'store',
  },
  // Decision 65: the diary's last one-tap move (arrived, seated, left), undone within 10 minutes.
  {
    method: 'POST',
    route: '/api/admin/bookings/:id/undo',
    url: (f) => `/api/admin/bookings/${f.bookingId}/undo`,
    body: () => ({ status: 'seated' }),
    permission: 'bookings:run',
    scope: 'store',
  },
  // A booked party's date, time or size changed in place.
  {
    method: 'PATCH',
    route: '/api/admin/bookings/:id',
    url: (f) => `/api/admin/bookings/${f.bookingId}`,
    body: () => ({ time: '08:00 PM', number_of_people: 3 }),
    permission: 'bookings:run',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/closeouts',
    url: () => '/api/admin/closeouts',
    body: (f) => ({ date: f.date, time: '08:00 PM', reason: 'Staff party' }),
    permission: 'service:run',
    scope: 'store',
  },
  {
    method: 'DELETE',
    route: '/api/admin/closeouts/:id',
    url: (f) => `/api/admin/closeouts/${f.closeoutId}`,
    permission: 'service:run',
    scope: 'store',
  },

  // Service controls (issue 15): the fixture's dish and option are sold only in otherStoreId.
  {
    method: 'GET',
    route: '/api/admin/stores',
    url: () => '/api/admin/stores',
    permission: null,
    scope: 'none',
  },
  {
    method: 'GET',
    route: '/api/admin/stores/:id/menu',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/menu`,
    permission: 'menu:availability',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/items/:id/availability',
    url: (f) => `/api/admin/items/${f.itemId}/availability`,
    body: () => ({ sold_out: 'today' }),
    permission: 'menu:availability',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/options/:id/availability',
    url: (f) => `/api/admin/options/${f.optionId}/availability`,
    body: () => ({ sold_out: 'indefinitely' }),
    permission: 'menu:availability',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/stores/:id/pause',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/pause`,
    body: () => ({ order_types: ['collection'], minutes: 20, message: 'Back soon' }),
    permission: 'service:run',
    scope: 'store',
  },
  {
    method: 'DELETE',
    route: '/api/admin/stores/:id/pause',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/pause`,
    permission: 'service:run',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/stores/:id/busy',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/busy`,
    body: () => ({ extra_minutes: 15 }),
    permission: 'service:run',
    scope: 'store',
  },
  {
    method: 'PUT',
    route: '/api/admin/stores/:id/hours',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/hours`,
    body: () => ({ hours: { monday: [{ opens: '11:00', closes: '22:00' }] } }),
    permission: 'service:run',
    scope: 'store',
  },
  {
    method: 'PUT',
    route: '/api/admin/stores/:id/special-days',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/special-days`,
    body: () => ({ special_days: [{ date: '2099-12-25', closed: true }] }),
    permission: 'service:run',
    scope: 'store',
  },
  {
    method: 'GET',
    route: '/api/admin/shop',
    url: () => '/api/admin/shop',
    permission: 'shop:edit',
    scope: 'none',
    wholeShop: true,
  },
  {
    method: 'PATCH',
    route: '/api/admin/shop',
    url: () => '/api/admin/shop',
    body: () => ({ ShopClosedMessage: 'Closed today' }),
    permission: 'shop:edit',
    scope: 'none',
    wholeShop: true,
  },
  // The Shop editor (walk item 10): anyone with shop:edit reads it; the shop-wide fields and
  // logos are for people of every store, a store's address and phone for its own staff.
  {
    method: 'GET',
    route: '/api/admin/shop/identity',
    url: () => '/api/admin/shop/identity',
    permission: 'shop:edit',
    scope: 'none',
  },
  {
    method: 'PATCH',
    route: '/api/admin/shop/identity',
    url: () => '/api/admin/shop/identity',
    body: () => ({ websiteName: 'Renamed', version: '0000000000000000' }),
    permission: 'shop:edit',
    scope: 'none',
    wholeShop: true,
  },
  {
    method: 'POST',
    route: '/api/admin/shop/logos/:slot',
    url: () => '/api/admin/shop/logos/headerLogo',
    permission: 'shop:edit',
    scope: 'none',
    wholeShop: true,
  },
  {
    method: 'PATCH',
    route: '/api/admin/stores/:id/contact',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/contact`,
    body: () => ({ phone: '020 7946 0000', version: '0000000000000000' }),
    permission: 'shop:edit',
    scope: 'store',
  },
  // UK GDPR (issue 17, point 6): the owner's copy of the subscribers and their consent.
  {
    method: 'GET',
    route: '/api/admin/newsletter/subscribers',
    url: () => '/api/admin/newsletter/subscribers',
    permission: 'customers:export',
    scope: 'none',
  },
  // Web Push to staff devices (issue 27): each person's own subscriptions.
  {
    method: 'GET',
    route: '/api/admin/push-key',
    url: () => '/api/admin/push-key',
    permission: 'orders:run',
    scope: 'none',
  },
  {
    method: 'POST',
    route: '/api/admin/push-subscriptions',
    url: () => '/api/admin/push-subscriptions',
    body: () => ({
      endpoint: 'https://push.example.test/route-table',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    }),
    permission: 'orders:run',
    scope: 'none',
  },
  {
    method: 'DELETE',
    route: '/api/admin/push-subscriptions',
    url: () => '/api/admin/push-subscriptions',
    body: () => ({ endpoint: 'https://push.example.test/route-table' }),
    permission: 'orders:run',
    scope: 'none',
  },

  // The promotions, zones and capacity editors (issue 28): the fixture's code and the stores'
  // settings are the second store's, where the limited staff do not work.
  {
    method: 'GET',
    route: '/api/admin/promos',
    url: () => '/api/admin/promos',
    permission: 'shop:edit',
    scope: 'none',
  },
  {
    method: 'POST',
    route: '/api/admin/promos',
    url: () => '/api/admin/promos',
    body: (f) => ({
      code: `NEW${Date.now() % 1_000_000}`,
      description: 'A new code',
      kind: 'percent',
      value: 10,
      minimum_order: 0,
      starts_at: null,
      ends_at: null,
      total_limit: null,
      per_customer_limit: 1,
      store_ids: [f.otherStoreId],
      first_order_only: false,
      public: true,
    }),
    permission: 'shop:edit',
    scope: 'none',
  },
  {
    method: 'PATCH',
    route: '/api/admin/promos/:id',
    url: (f) => `/api/admin/promos/${f.promoId}`,
    body: () => ({ description: 'Changed', version: 1 }),
    permission: 'shop:edit',
    scope: 'store',
  },
  {
    method: 'GET',
    route: '/api/admin/stores/:id/zones',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/zones`,
    permission: 'shop:edit',
    scope: 'store',
  },
  {
    method: 'PUT',
    route: '/api/admin/stores/:id/zones',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/zones`,
    body: () => ({
      zones: [{ area: 'E1 6', fee: 150, minimum_order: 1000, travel_minutes: 15 }],
      version: 1,
    }),
    permission: 'shop:edit',
    scope: 'store',
  },
  {
    method: 'GET',
    route: '/api/admin/stores/:id/zones/preview',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/zones/preview?postcode=E1%206RL`,
    permission: 'shop:edit',
    scope: 'store',
  },
  {
    method: 'GET',
    route: '/api/admin/stores/:id/automation',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/automation`,
    permission: 'shop:edit',
    scope: 'store',
  },
  {
    method: 'PATCH',
    route: '/api/admin/stores/:id/automation',
    url: (f) => `/api/admin/stores/${f.otherStoreId}/automation`,
    body: () => ({ slot_cap: 5, version: 1 }),
    permission: 'shop:edit',
    scope: 'store',
  },
  {
    method: 'GET',
    route: '/api/admin/auto-print',
    url: () => '/api/admin/auto-print',
    permission: 'orders:run',
    scope: 'none',
  },

  // The menu editor (issue 28): every route names a thing of the second store's menu.
  {
    method: 'GET',
    route: '/api/admin/menu',
    url: (f) => `/api/admin/menu?store_id=${f.otherStoreId}`,
    permission: 'menu:edit',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/categories',
    url: () => '/api/admin/categories',
    body: (f) => ({ store_id: f.otherStoreId, name: 'Specials' }),
    permission: 'menu:edit',
    scope: 'store',
  },
  {
    method: 'PATCH',
    route: '/api/admin/categories/:id',
    url: (f) => `/api/admin/categories/${f.categoryId}`,
    body: () => ({ name: 'Curries' }),
    permission: 'menu:edit',
    scope: 'store',
  },
  {
    // The fixture's category holds a dish: the one allowed answers 409 and nothing is deleted.
    method: 'DELETE',
    route: '/api/admin/categories/:id',
    url: (f) => `/api/admin/categories/${f.categoryId}`,
    permission: 'menu:edit',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/items',
    url: () => '/api/admin/items',
    body: (f) => ({
      category_id: f.categoryId,
      name: 'Dal',
      price: 500,
      vat_rate: 20,
      allergens: { contains: [], may_contain: [] },
      store_ids: [f.otherStoreId],
    }),
    permission: 'menu:edit',
    scope: 'store',
  },
  {
    method: 'PATCH',
    route: '/api/admin/items/:id',
    url: (f) => `/api/admin/items/${f.itemId}`,
    body: () => ({ price: 999 }),
    permission: 'menu:edit',
    scope: 'store',
  },
  {
    method: 'POST',
    route: '/api/admin/items/:id/photo',
    url: (f) => `/api/admin/items/${f.itemId}/photo`,
    permission: 'menu:edit',
    scope: 'store',
  },
  // The back office (issue 29): refunds, sales reports and the customer list.
  {
    method: 'POST',
    route: '/api/admin/orders/:id/refunds',
    url: (f) => `/api/admin/orders/${f.orderId}/refunds`,
    body: () => ({ amount: 100, reason: 'Cold food' }),
    permission: 'orders:refund',
    scope: 'store',
  },
  {
    method: 'GET',
    route: '/api/admin/reports/sales',
    url: (f) => `/api/admin/reports/sales?from=2026-11-01&to=2026-11-07&store_id=${f.otherStoreId}`,
    permission: 'reports:read',
    scope: 'store',
  },
  {
    method: 'GET',
    route: '/api/admin/customers',
    url: () => '/api/admin/customers',
    permission: 'customers:read',
    scope: 'none',
  },
  {
    method: 'GET',
    route: '/api/admin/customers/:id',
    url: (f) => `/api/admin/customers/${f.customerId}`,
    permission: 'customers:read',
    scope: 'store',
  },
];
