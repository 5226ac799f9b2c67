import { z } from 'zod';
import {
  LOGO_STYLES,
  ZAssetName,
  ZFlag,
  ZHexColour,
  ZLocationData,
  ZOtpLength,
  ZSocialLink,
} from './config.ts';
import { MIN_TEXT_CONTRAST, contrastRatio } from './colour.ts';
import { ZCurrency } from './currency.ts';

/** A shop's settings (the tenant document's `config`): look, contacts, messaging, ordering. */

/**
 * Where sign-in texts may go and how many messages a shop sends in an hour at most (issue 12:
 * one attacker rotating numbers must not run up the shop's bill). Absent, the defaults apply:
 * texts only to the United Kingdom, and the budgets below (docs/decisions/0009).
 */
export const MESSAGE_BUDGET_DEFAULTS = {
  smsCodesPerHour: 100,
  emailCodesPerHour: 300,
  bookingEmailsPerHour: 60,
} as const;
export const DEFAULT_SMS_COUNTRIES = ['GB'] as const;
/** How customers may receive sign-in codes; a shop takes both unless it says otherwise. */
export const SIGN_IN_CHANNELS = ['email', 'sms'] as const;
export type SignInChannel = (typeof SIGN_IN_CHANNELS)[number];
/**
 * A shop's own mail server (docs/decisions/0020): its e-mail leaves through it, from its own
 * address. The URL may carry a user and password; the server never logs it.
 */
export const ZShopSmtp = z
  .object({
    url: z
      .string()
      .max(500)
      .regex(
        /^smtps?:\/\/([^@/\s]+@)?[a-z0-9.-]+(:\d{1,5})?\/?$/i,
        'Use smtp://user:password@host:port (or smtps:// for TLS from the start)',
      ),
    from: z.email('Use the e-mail address the shop sends from'),
  })
  .strict();
export type ShopSmtp = z.infer<typeof ZShopSmtp>;
const ZBudget = z.number().int().min(0).max(100_000);
export const ZMessagingSettings = z
  .object({
    /** ISO 3166 country codes whose phone numbers may receive sign-in codes. */
    smsCountries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'Use two-letter country codes such as GB'))
      .min(1)
      .max(50)
      .optional(),
    /** Where sign-in codes may go: e-mail, text messages, or both (the default). */
    signInChannels: z
      .array(z.enum(SIGN_IN_CHANNELS))
      .min(1, 'Choose at least one of "email" and "sms"')
      .refine((list) => new Set(list).size === list.length, 'Name each channel once')
      .optional(),
    smtp: ZShopSmtp.optional(),
    budgets: z
      .object({
        smsCodesPerHour: ZBudget.optional(),
        emailCodesPerHour: ZBudget.optional(),
        bookingEmailsPerHour: ZBudget.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type MessagingSettings = z.infer<typeof ZMessagingSettings>;

/** The settings with every default filled in. */
export function messagingOf(settings: MessagingSettings | undefined) {
  return {
    smsCountries: settings?.smsCountries ?? [...DEFAULT_SMS_COUNTRIES],
    signInChannels: settings?.signInChannels ?? [...SIGN_IN_CHANNELS],
    budgets: { ...MESSAGE_BUDGET_DEFAULTS, ...settings?.budgets },
  };
}

/** How the order desk treats orders nobody answers (issue 14); desk-deadline.ts holds the rule. */
export { DEFAULT_AUTO_REJECT_MINUTES } from './desk-deadline.ts';
export const ZOrderingSettings = z
  .object({
    /** An order nobody accepts within this many minutes is rejected and the customer told. */
    autoRejectMinutes: z.number().int().min(3).max(120).optional(),
    /**
     * Who is told when an order arrives while none of the store's boards has been open for a
     * minute: this address (default: the shop's supportEmail) and, when set, a text to this
     * phone in international form.
     */
    alertEmail: z.email().optional(),
    alertPhone: z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'Use the international form, e.g. +447700900123')
      .optional(),
  })
  .strict();

export const ZTenantConfig = z
  .object({
    favicon: ZAssetName,
    headerLogo: ZAssetName,
    footerLogo: ZAssetName,
    logo_style: z.enum(LOGO_STYLES),
    // The storefront writes white on this colour and this colour on white (links, buttons).
    colorPalatte: ZHexColour.refine(
      (hex) => contrastRatio(hex, '#ffffff') >= MIN_TEXT_CONTRAST,
      'Choose a darker colour: text in it on white, and white text on it, need a contrast of at least 4.5:1',
    ),
    SecondaryColorPalatte: ZHexColour,
    contactNumber: z.string().min(5).max(30),
    supportEmail: z.email(),
    website: z.url({ protocol: /^https?$/ }).max(200),
    ShopClosedMessage: z.string().max(500),
    IsShopClosed: ZFlag,
    allowBooking: ZFlag,
    isHomePage: ZFlag,
    locationData: ZLocationData,
    socialLinks: z.array(ZSocialLink).max(10),
    currency: ZCurrency,
    timeZone: z.string().refine(isTimeZone, 'Use an IANA time zone such as Europe/London'),
    otpLength: ZOtpLength,
    messaging: ZMessagingSettings.optional(),
    ordering: ZOrderingSettings.optional(),
    /**
     * The shop's VAT registration number (GB and 9 or 12 digits, or GBGD/GBHA and 3). With it,
     * order pages and confirmations carry a simplified VAT invoice.
     */
    vatNumber: z
      .string()
      .regex(
        /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
        'Use the VAT number without spaces, such as GB123456789',
      )
      .optional(),
    /** The registered name on VAT invoices (e.g. "Tandoor Lane Ltd"); absent, the website name. */
    companyName: z.string().min(1).max(120).optional(),
  })
  .strict();
export type TenantConfig = z.infer<typeof ZTenantConfig>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}
