import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AllergenInfo, DietaryTag } from '@servery/contract/allergens';
import type { SiteVariant } from '@servery/contract/config';
import type { MenuItemDocument, OrderType } from '@servery/contract/menu';
import type {
  OrderAddress,
  OrderLine,
  OrderStatus,
  PaymentMethod,
  PaymentProviderName,
  PaymentStatus,
} from '@servery/contract/order';
import type { VatBand } from '@servery/contract/pricing';
import type { Banner } from '@servery/contract/home';
import type { BookingSource } from '@servery/contract/diary';
import type { BookingStatus } from '@servery/contract/reservation';
import type {
  BookingDocument,
  LegalTexts,
  PaymentsDocument,
  TenantConfig,
} from '@servery/contract/tenant-document';
import type { StaffRole } from '@servery/contract/staff-roles';
import type { SpecialDay, StorePause } from '@servery/contract/service';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** One shop. Display settings are one validated JSON value: nothing queries inside them. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  websiteName: text('website_name').notNull(),
  config: jsonb('config').$type<TenantConfig>().notNull(),
  legal: jsonb('legal').$type<LegalTexts>(),
  booking: jsonb('booking').$type<BookingDocument>(),
  /** How the shop is paid (its Stripe connected account, the platform fee); null: not set. */
  payments: jsonb('payments').$type<PaymentsDocument>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Host name → tenant, and which root application that host gets. */
export const tenantHosts = pgTable(
  'tenant_hosts',
  {
    host: text('host').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    variant: text('variant').$type<SiteVariant>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('tenant_hosts_tenant_idx').on(t.tenantId)],
);

/** Logos, favicons and banners, kept in the database so every instance serves the same bytes. */
export const tenantAssets = pgTable(
  'tenant_assets',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    tagline: text('tagline').notNull(),
    description: text('description').notNull(),
    logo: text('logo'),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('brands_tenant_slug_idx').on(t.tenantId, t.slug)],
);

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    phone: text('phone').notNull(),
    directionLink: text('direction_link').notNull(),
    isClosed: boolean('is_closed').notNull().default(false),
    orderTypes: jsonb('order_types').$type<OrderType[]>().notNull().default(['collection']),
    preparationMinutes: integer('preparation_minutes').notNull().default(20),
    minimumOrder: integer('minimum_order').notNull().default(0),
    deliveryZones: jsonb('delivery_zones')
      .$type<{ district: string; fee: number; minimumOrder: number; travelMinutes?: number }[]>()
      .notNull()
      .default([]),
    menuId: uuid('menu_id').references(() => menus.id, { onDelete: 'set null' }),
    deliveryMinutes: integer('delivery_minutes').notNull().default(20),
    busyExtraMinutes: integer('busy_extra_minutes').notNull().default(0),
    /** When busy mode ends by itself (decision 87); compared when read, none: off. */
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    acceptsCash: boolean('accepts_cash').notNull().default(true),
    /** Ordering paused for some order types until an instant (issue 15); read at request time. */
    pause: jsonb('pause').$type<StorePause>(),
    /** Dates on which the store is closed or keeps other hours than its weekly ones. */
    specialDays: jsonb('special_days').$type<SpecialDay[]>().notNull().default([]),
    position: integer('position').notNull(),
    /** Capacity and automation (issue 28): the most orders or dishes one 15-minute slot takes. */
    slotCap: integer('slot_cap'),
    slotCapUnit: text('slot_cap_unit').$type<'orders' | 'dishes'>().notNull().default('orders'),
    /** A paid order is accepted by the system with this ready time; null: staff accept. */
    autoAcceptMinutes: integer('auto_accept_minutes'),
    /** The desk prints the kitchen ticket when an order of this store is accepted. */
    autoPrint: boolean('auto_print').notNull().default(false),
    /** Versions of the zones and of the automation, checked on save (no lost edits). */
    zonesVersion: integer('zones_version').notNull().default(1),
    automationVersion: integer('automation_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('stores_tenant_slug_idx').on(t.tenantId, t.slug)],
);

/** A menu a store sells from; several stores may share one. */
export const menus = pgTable(
  'menus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('menus_tenant_slug_idx').on(t.tenantId, t.slug)],
);

/**
 * One dish. Its id stays the same across imports (found again by slug), so carts kept in
 * browsers still point at it. Allergens and modifier groups are read with the dish, never
 * queried inside, so they are JSON.
 */
export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    price: integer('price').notNull(),
    image: text('image'),
    kcal: integer('kcal'),
    allergens: jsonb('allergens').$type<AllergenInfo>().notNull(),
    dietary: jsonb('dietary').$type<DietaryTag[]>().notNull(),
    vatRate: smallint('vat_rate').$type<0 | 5 | 20>().notNull(),
    soldOut: boolean('sold_out').notNull(),
    /** Sold out "today": available again from this instant (the store's next opening). */
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
    hidden: boolean('hidden').notNull(),
    modifierGroups: jsonb('modifier_groups').$type<MenuItemDocument['modifierGroups']>().notNull(),
    position: integer('position').notNull(),
    /** Bumped by every edit; a save names the version it read (issue 28, If-Match). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('menu_items_tenant_slug_idx').on(t.tenantId, t.slug)],
);

export const menuCategories = pgTable(
  'menu_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The slug of the brand that cooks this category; null for none (issue 20). */
    brand: text('brand'),
    position: integer('position').notNull(),
    /** Hidden from the storefront while the shop prepares it (issue 28). */
    hidden: boolean('hidden').notNull().default(false),
    /** Bumped by every edit; a save names the version it read (issue 28, If-Match). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('menu_categories_menu_slug_idx').on(t.menuId, t.slug)],
);

/** Which dishes a category shows, in order. */
export const menuCategoryItems = pgTable(
  'menu_category_items',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => menuCategories.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.itemId] }),
    index('menu_category_items_tenant_idx').on(t.tenantId),
  ],
);

/**
 * A dish at one store (issue 28): whether the store sells it, its price there when it differs,
 * and its own sold-out and hidden switches, so one store's staff never switch another's dish.
 */
export const menuItemStores = pgTable(
  'menu_item_stores',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** False when the store's menu lists the dish but this store does not sell it. */
    listed: boolean('listed').notNull().default(true),
    /** The store's own price, or null for the dish's. */
    price: integer('price'),
    soldOut: boolean('sold_out').notNull().default(false),
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.storeId] }),
    index('menu_item_stores_tenant_idx').on(t.tenantId),
  ],
);

/** One opening range of a store on one ISO weekday (1 = Monday … 7 = Sunday). */
export const storeOpeningHours = pgTable(
  'store_opening_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opens: time('opens').notNull(),
    closes: time('closes').notNull(),
  },
  (t) => [
    index('store_opening_hours_store_idx').on(t.tenantId, t.storeId),
    check('store_opening_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
  ],
);

export const homeContent = pgTable('home_content', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  mainStoreId: uuid('main_store_id')
    .notNull()
    .references(() => stores.id),
  banners: jsonb('banners').$type<Banner[]>().notNull(),
  updatedAt: updatedAt(),
});

/** One address on one shop's newsletter list; subscribing again changes nothing. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_tenant_email_idx').on(t.tenantId, t.email)],
);

/**
 * An unsubscribe link of one newsletter e-mail (docs/decisions/0021-personal-data.md): only
 * the SHA-256 of its token is kept, so each e-mail mints a link of its own. Unsubscribing
 * removes the subscription and leaves the link pointing at nothing, so a second click still
 * answers "unsubscribed".
 */
export const newsletterUnsubscribeLinks = pgTable(
  'newsletter_unsubscribe_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => newsletterSubscriptions.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('newsletter_unsubscribe_links_subscription_idx').on(t.subscriptionId)],
);

/** A message a visitor sent the shop; the shop reads them newest first. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Null when the visitor gave no number. */
    phone: text('phone'),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_requests_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/**
 * A shop's customer. They sign in with a code sent to their e-mail or phone; a contact becomes
 * "verified" only by a code, and only verified contacts sign in (so a contact typed into a
 * profile never opens anybody's account: docs/decisions/0009-sign-in-with-a-code.md).
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phone: text('phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** When consent was last given or withdrawn: the record a regulator asks for. */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by'),
    /**
     * Set when the customer deleted their account: the row stays, emptied of everything
     * personal, only so that the shop's orders keep their customer (decision 0021).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_tenant_verified_email_idx')
      .on(t.tenantId, t.email)
      .where(sql`${t.emailVerified}`),
    uniqueIndex('customers_tenant_verified_phone_idx')
      .on(t.tenantId, t.phone)
      .where(sql`${t.phoneVerified}`),
    uniqueIndex('customers_tenant_referral_code_idx').on(t.tenantId, t.referralCode),
    index('customers_tenant_referred_by_idx').on(t.tenantId, t.referredBy),
    // The order history's and the customer list's searches, anywhere in the text (decision 44).
    // No pending list (fastupdate off): a search never scans rows not yet merged into the index.
    index('customers_name_trgm_idx')
      .using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('customers_email_trgm_idx')
      .using('gin', sql`${t.email} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('customers_phone_digits_trgm_idx')
      .using('gin', sql`regexp_replace(coalesce(${t.phone}, ''), '\\D', '', 'g') gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** A signed-in browser: only the SHA-256 of its random token is kept. */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.tenantId, t.customerId)],
);

/**
 * One code sent to one contact. Only the keyed hash of the code is kept; a newer challenge for
 * the same contact supersedes the older one, so only the latest code can sign in.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'phone'>().notNull(),
    contact: text('contact').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    /** 4 or 6: a contact under attack gets 6-digit codes (docs/decisions/0009). */
    codeLength: smallint('code_length').notNull().default(4),
    referralCode: text('referral_code'),
    /** Address of the client that asked, for the per-IP send cap. */
    requestIp: text('request_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, superseded or tried too often: the code can no longer sign in. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('otp_challenges_contact_idx').on(t.tenantId, t.channel, t.contact, t.createdAt),
    index('otp_challenges_ip_idx').on(t.tenantId, t.requestIp, t.createdAt),
    // The last hour's texts of a shop, shared out by network and number range (issue 31).
    index('otp_challenges_recent_idx').on(t.tenantId, t.createdAt),
  ],
);

/** One wrong code for one contact, from one network (the lock-out rules of decision 9). */
export const otpFailures = pgTable(
  'otp_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'phone'>().notNull(),
    contact: text('contact').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
    /** The /24 (IPv4) or /48 (IPv6) the wrong code came from: lock-outs are per network. */
    network: text('network').notNull().default(''),
  },
  (t) => [index('otp_failures_contact_idx').on(t.tenantId, t.channel, t.contact, t.failedAt)],
);

/**
 * Messages to send, written in the same transaction as what caused them and delivered with
 * retries (architecture.md "Messages"). The body is wiped once delivered: it may hold a code.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** `push`: a Web Push to a staff device; the recipient is its staff_push_subscriptions id. */
    channel: text('channel').$type<'email' | 'sms' | 'push'>().notNull(),
    recipient: text('recipient').notNull(),
    /** What the message is for (otp, booking, …), for the log and for operators. */
    kind: text('kind').notNull(),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** Files sent with an e-mail (a booking's calendar entry), base64. */
    attachments:
      jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    /** The sender name the recipient sees (the shop's name). */
    senderName: text('sender_name').notNull(),
    /** `dropped`: not sent on purpose, the reason in `last_error` (decision 82). */
    status: text('status')
      .$type<'pending' | 'sent' | 'failed' | 'dropped'>()
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not worth sending after this (a sign-in code that has expired). */
    discardAfter: timestamp('discard_after', { withTimezone: true }),
    lastError: text('last_error'),
    /** The order a message is about, if any: an order's detail lists the messages sent. */
    orderId: uuid('order_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_order_idx').on(t.tenantId, t.orderId),
    index('outbox_messages_due_idx').on(t.status, t.nextAttemptAt),
    // Hourly message budgets count a shop's messages of a kind (modules/outbox/message-budget.ts).
    index('outbox_messages_budget_idx').on(t.tenantId, t.kind, t.createdAt),
  ],
);

/** A customer's saved delivery address. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    instructions: text('instructions').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.tenantId, t.customerId)],
);

/** A promo code from the tenant document. */
export const promos = pgTable(
  'promos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    description: text('description').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    value: integer('value').notNull(),
    minimumOrder: integer('minimum_order').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    totalLimit: integer('total_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    isPublic: boolean('is_public').notNull(),
    position: integer('position').notNull(),
    /** The stores the code works at (issue 28); empty: every store. */
    storeIds: jsonb('store_ids').$type<string[]>().notNull().default([]),
    /** Only for a customer's first standing order. */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Checked on save from the staff app: a stale save is a 409. */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('promos_tenant_code_idx').on(t.tenantId, t.code)],
);

/**
 * An order. Its lines, address and status history are read with it and never queried inside,
 * so they are JSON: one row per order keeps placing orders fast. The table is kept 70 % full
 * (fillfactor, set in migration 0029: Drizzle does not describe it) so that a move's new
 * version fits beside the old one and no index is touched (decision 57).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    storeId: uuid('store_id').notNull(),
    storeName: text('store_name').notNull(),
    storePhone: text('store_phone').notNull(),
    orderType: text('order_type').$type<OrderType>().notNull(),
    address: jsonb('address').$type<OrderAddress | null>(),
    asap: boolean('asap').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    discount: integer('discount').notNull(),
    total: integer('total').notNull(),
    vat: integer('vat').notNull(),
    currency: text('currency').notNull(),
    promoId: uuid('promo_id'),
    promoCode: text('promo_code'),
    notes: text('notes').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    /** Each move: when, and for staff moves who made it and why (a rejection's reason). */
    statusHistory: jsonb('status_history')
      .$type<{ status: OrderStatus; at: string; by?: string; reason?: string; note?: string }[]>()
      .notNull(),
    /**
     * The time promised on accepting (moved on by a delay): a delivery's at the door, the
     * kitchen's minutes plus the ride (decision 75); null until accepted.
     */
    promisedAt: timestamp('promised_at', { withTimezone: true }),
    /**
     * When the order left the desk (completed, rejected, cancelled, its payment failed), or,
     * awaiting its payment, when it was made; null while it is on the desk (placed to out for
     * delivery: offDeskAt in orders.repository.ts). The desk's list and the sweepers read the
     * orders on the desk from an index of the nulls, not from the shop's whole history; a move
     * between two open statuses leaves it null, so the order is still rewritten in place
     * (decision 57), where an index on `status` would make every move a new entry in each index.
     */
    offDeskAt: timestamp('off_desk_at', { withTimezone: true }),
    /** When the shop was told that this order arrived while none of its boards was open. */
    unwatchedAlertAt: timestamp('unwatched_alert_at', { withTimezone: true }),
    /** How many times the kitchen ticket was printed: after the first, a print is a REPRINT. */
    printCount: integer('print_count').notNull().default(0),
    /**
     * The VAT by rate of its invoice (vatBands of its lines, fee and discount), written when it
     * is placed, so reports add the bands up in SQL (issue 29 point 6). Null for orders placed
     * before it existed: reports work those out from their lines (decision 44).
     */
    vatBands: jsonb('vat_bands').$type<VatBand[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_tenant_number_idx').on(t.tenantId, t.number),
    index('orders_customer_created_idx').on(t.tenantId, t.customerId, t.createdAt),
    // Only orders with a code: most have none, and an order's insert skips it (decision 57).
    index('orders_promo_idx')
      .on(t.tenantId, t.promoId, t.customerId)
      .where(sql`${t.promoId} is not null`),
    /** A store's orders by time: the slot cap counts a slot's orders (issue 28). */
    index('orders_store_slot_idx').on(t.storeId, t.scheduledFor),
    // The order history and the sales reports read a shop's orders newest first, or by a day.
    index('orders_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    // The orders on the desk, newest first: the desk's list and the sweepers (offDeskAt).
    index('orders_on_desk_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`${t.offDeskAt} is null`),
    // The history's search by delivery postcode, anywhere in it (pg_trgm: decision 44); only
    // orders with a postcode, so a collection order's insert skips it (decision 57).
    index('orders_postcode_trgm_idx')
      .using('gin', sql`upper(replace((${t.address} ->> 'postcode'), ' ', '')) gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`upper(replace((${t.address} ->> 'postcode'), ' ', '')) is not null`),
  ],
);

/** How an order is paid: one per order. The provider's answers are the truth about it. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method').$type<PaymentMethod>().notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The provider's id of the payment (Stripe: the PaymentIntent). */
    intentId: text('intent_id').unique(),
    clientSecret: text('client_secret'),
    /** When the provider last changed it, as the provider says: older news is ignored. */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    failureMessage: text('failure_message'),
    /** The shop's Stripe connected account the intent lives on; null: the platform's own. */
    stripeAccount: text('stripe_account'),
    /**
     * Failed tries of the pending capture, release or refund: each try has an idempotency key
     * of its own, since Stripe answers a reused key with the first try's refusal for a day.
     */
    settleAttempts: integer('settle_attempts').notNull().default(0),
    /**
     * What the shop has given back by refunds (issue 29), in minor units: raised by a conditional
     * update and held under `amount` by a check, so two refunds at once never pass what was paid.
     */
    refunded: integer('refunded').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_refunded_check', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
    // The desk sweeper's retry list of captures, releases and refunds (modules/desk/
    // settlement.ts): small, so cheap.
    index('payments_unsettled_idx')
      .on(t.orderId)
      .where(sql`${t.status} in ('capture_pending', 'release_pending', 'refund_pending')`),
  ],
);

/** A request made with an Idempotency-Key, and the answer it got (architecture.md "Security"). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.customerId, t.key] })],
);

/** Provider events already handled: a replayed event changes nothing. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Covers taken in one booking slot. A booking adds its covers with one conditional upsert, so
 * no two bookings can together pass the capacity, whatever runs in parallel.
 */
export const bookingSlots = pgTable(
  'booking_slots',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    time: text('time').notNull(),
    covers: integer('covers').notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.date, t.time] }),
    // Capacity is kept by takeCovers' conditional upsert; only a manager's audited overbooking
    // (issue 16) takes a slot past it.
    check('booking_slots_covers_check', sql`${t.covers} >= 0`),
  ],
);

/**
 * Further cancel links of a booking: each later e-mail (a confirmed request, the reminder)
 * carries a link of its own, since the first token is only kept hashed.
 */
export const bookingLinks = pgTable('booking_links', {
  tokenHash: text('token_hash').primaryKey(),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** Slots the restaurant closed to online bookings (issue 16): one time, a service or a day. */
export const bookingCloseouts = pgTable(
  'booking_closeouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    /** The slot times it closes, as minutes of the day: [from, until). */
    fromMinutes: integer('from_minutes').notNull(),
    untilMinutes: integer('until_minutes').notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('booking_closeouts_tenant_date_idx').on(t.tenantId, t.date)],
);

/** A table booking; "10+" is a request the restaurant confirms and takes no covers. */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    time: text('time').notNull(),
    people: text('people').notNull(),
    covers: integer('covers').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<BookingStatus>().notNull(),
    /** Online (the reservation form), or taken by staff: by phone, or a walk-in. */
    source: text('source').$type<BookingSource>().notNull().default('online'),
    /** Why the restaurant declined or cancelled it (the guest reads it). */
    note: text('note'),
    /** Taken by a manager into a full slot. */
    overCapacity: boolean('over_capacity').notNull().default(false),
    /** SHA-256 of the cancel link's token. */
    cancelTokenHash: text('cancel_token_hash').notNull().unique(),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /**
     * The status before the last one-tap move of the diary, and when it was made: what the
     * move's undo puts back, and until when (docs/decisions/0067). Cleared by the undo.
     */
    lastMoveFrom: text('last_move_from').$type<BookingStatus>(),
    lastMoveAt: timestamp('last_move_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('bookings_tenant_date_idx').on(t.tenantId, t.date),
    uniqueIndex('bookings_tenant_idempotency_idx').on(t.tenantId, t.idempotencyKey),
  ],
);

/**
 * A person who works at a shop (docs/decisions/0014-staff-sessions-and-roles.md). One row
 * belongs to one shop; the same address at two shops is two accounts. Removed staff keep
 * their row, so the audit log still names them.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    /** The stores this person works in; an owner works in all of them whatever this says. */
    storeIds: uuid('store_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status').$type<'active' | 'removed'>().notNull().default('active'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_members_tenant_email_idx').on(t.tenantId, t.email),
    check('staff_members_role_check', sql`${t.role} in ('owner', 'manager', 'staff')`),
  ],
);

/** A signed-in staff browser: only the SHA-256 of the cookie's token is kept. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** Idle sessions end: each use moves this on (at most once a minute). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.tenantId, t.staffId)],
);

/**
 * One sign-in code e-mailed to a staff address. Only its keyed hash is kept; a newer code for
 * the same address closes the older one.
 */
export const staffCodes = pgTable(
  'staff_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    requestIp: text('request_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the code signed somebody in: such a code holds no next one back (issue 31). */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_codes_email_idx').on(t.tenantId, t.email, t.createdAt),
    index('staff_codes_ip_idx').on(t.tenantId, t.requestIp, t.createdAt),
  ],
);

/** One wrong staff code, with the network it came from (the lock-out rules count both). */
export const staffCodeFailures = pgTable(
  'staff_code_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    network: text('network').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_code_failures_email_idx').on(t.tenantId, t.email, t.failedAt)],
);

/**
 * What staff did: one row per successful change, written in the change's transaction. A
 * trigger refuses to update these rows, or to delete them while their shop exists.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Null for a change made from the command line. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_tenant_idx').on(t.tenantId, t.id),
    index('audit_log_entity_idx').on(t.tenantId, t.entity, t.entityId),
  ],
);

/**
 * Something a staff board must see (an order or booking made or moved, availability changed),
 * written in the same transaction as the change; NOTIFY carries only the id. Boards replay
 * from the last id they saw. Rows older than 48 hours are pruned.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Null for a shop-wide event (the closed switch, booking settings). */
    storeId: uuid('store_id'),
    kind: text('kind').notNull(),
    entityId: text('entity_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_tenant_idx').on(t.tenantId, t.id)],
);

/**
 * When a store's board (the staff application's live stream) was last open, per store: each
 * process writes it for its open streams every 15 s, so "no board has been open for 60 s" is
 * true across processes (the desk sweeper's alert, issue 14 point 5).
 */
export const boardPresence = pgTable(
  'board_presence',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.storeId] })],
);

/**
 * A staff device that asked to be pushed to when an order waits with no board open (Web Push,
 * docs/decisions/0032): the browser's endpoint and keys, kept for the member of staff who
 * subscribed it. One row per endpoint and shop; a push service answering 404 or 410 deletes it.
 */
export const staffPushSubscriptions = pgTable(
  'staff_push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_push_subscriptions_endpoint_idx').on(t.tenantId, t.endpoint),
    index('staff_push_subscriptions_staff_idx').on(t.tenantId, t.staffId),
  ],
);

/**
 * The server's one VAPID key pair when the environment gives none: made by the first process to
 * start and read by every other, so all of them sign pushes with the key the browsers
 * subscribed with (docs/decisions/0032). One row, id 1.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_vapid_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * Money the shop gave back on an order (issue 29): the whole order, an amount, or some lines.
 * A card refund is `pending` until Stripe answers; a cash refund is handed over at the till.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The lines given back: the line's index in the order and how many of it. */
    lines: jsonb('lines').$type<{ index: number; quantity: number }[]>().notNull(),
    method: text('method').$type<'card' | 'cash'>().notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    providerRefundId: text('provider_refund_id'),
    failureMessage: text('failure_message'),
    /** The Idempotency-Key of the request that made it: a double tap finds this row. */
    idempotencyKey: text('idempotency_key'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('refunds_idempotency_idx').on(t.tenantId, t.idempotencyKey),
    // A refund Stripe told us of is recorded once, however many of its events arrive.
    uniqueIndex('refunds_provider_refund_idx').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * The provider's customer of a shop's customer (issue 30, point 11): a Stripe Customer, made on
 * the account the shop is paid into ('' for the platform's own), the first time a card is kept.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    /** Stripe's id of the customer (cus_…). */
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.account] })],
);

/**
 * A card the customer agreed to keep for next time (issue 30, point 11): the provider's id of it
 * (Stripe's PaymentMethod, or the demo provider's token), its brand, last four digits and
 * expiry. Never the number or the security code.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'demo'>().notNull(),
    /** The shop's Stripe account the card lives on ('' for the platform's own or the demo). */
    account: text('account').notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    /** Stripe's fingerprint of the card number (the same card saved twice is one row). */
    fingerprint: text('fingerprint').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_cards_customer_card_idx').on(
      t.customerId,
      t.provider,
      t.account,
      t.fingerprint,
    ),
    index('saved_cards_tenant_customer_idx').on(t.tenantId, t.customerId),
  ],
);
