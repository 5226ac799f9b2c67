import { sql } from 'drizzle-orm';
import {
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
import type { SiteVariant } from '@servery/contract/config';
import type { Banner } from '@servery/contract/home';
import type { LegalTexts, TenantConfig } from '@servery/contract/tenant-document';

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
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('stores_tenant_slug_idx').on(t.tenantId, t.slug)],
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
