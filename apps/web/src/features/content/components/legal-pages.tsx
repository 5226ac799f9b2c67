import type { ReactNode } from 'react';
import type { ShopConfig } from '@servery/contract/config';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { STORAGE_INVENTORY } from '../../../lib/storage-inventory.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useGetLegalTextQuery } from '../api.ts';
import { formatPhone } from '@servery/contract/phone-format';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 leading-relaxed [&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_p]:mt-3">
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </article>
  );
}

type TextBlock = { kind: 'heading' | 'paragraph'; text: string };

/**
 * The shop's own text as blocks: a "## " line is a heading, whatever follows it; the other
 * lines make paragraphs, which blank lines part. A heading directly above its paragraph is
 * still two blocks (issue 20: the terms page showed whole paragraphs as headings).
 */
export function legalBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let lines: string[] = [];
  const endParagraph = () => {
    if (lines.length > 0) blocks.push({ kind: 'paragraph', text: lines.join(' ') });
    lines = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      endParagraph();
    } else if (line.startsWith('## ')) {
      endParagraph();
      blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    } else {
      lines.push(line);
    }
  }
  endParagraph();
  return blocks;
}

/** The shop's own text (see legalBlocks). Never HTML. */
export function ShopText({ text }: { text: string }) {
  return (
    <>
      {legalBlocks(text).map((block, i) =>
        block.kind === 'heading' ? <h2 key={i}>{block.text}</h2> : <p key={i}>{block.text}</p>,
      )}
    </>
  );
}

/** The shop's own legal text when it has one, else the default template (`fallback`). */
function ShopLegalPage({
  page,
  title,
  fallback,
}: {
  page: 'privacy' | 'terms';
  title: string;
  fallback: ReactNode;
}) {
  const { data, isError } = useGetLegalTextQuery(page);
  if (!data && !isError) {
    return (
      <LegalPage title={title}>
        <Skeleton className="mt-6 h-64" />
      </LegalPage>
    );
  }
  return (
    <LegalPage title={title}>{data?.text ? <ShopText text={data.text} /> : fallback}</LegalPage>
  );
}

const address = (c: ShopConfig) =>
  [c.locationData.addressLine1, c.locationData.addressLine2].filter(Boolean).join(', ');

/** The default privacy notice, filled from the shop's configuration. */
export function PrivacyPage() {
  const c = useShopConfig();
  if (!c) return null;
  return (
    <ShopLegalPage
      page="privacy"
      title="Privacy"
      fallback={
        <>
          <p>
            {c.websiteName}, {address(c)}, runs this site and is responsible for the personal data
            you give it. Questions about your data go to{' '}
            <a href={`mailto:${c.supportEmail}`} className="text-primary underline">
              {c.supportEmail}
            </a>{' '}
            or {formatPhone(c.contactNumber)}.
          </p>
          <h2>What we collect and why</h2>
          <p>
            Your phone number or e-mail address, to send you a sign-in code and to tell you about
            your orders and bookings. Your name and delivery addresses, to prepare and deliver your
            orders. Your order history, so you can reorder and so we can keep the records the law
            requires. Table bookings, to hold your table.
          </p>
          <h2>Who sees it</h2>
          <p>
            Our staff, to prepare your order; our payment provider, to take payment (we never see
            your full card number); and the services that deliver our e-mails and text messages. We
            do not sell your data.
          </p>
          <h2>How long we keep it</h2>
          <p>
            Orders and payments for six years, as UK tax law requires; your account until you ask us
            to delete it.
          </p>
          <h2>Your rights</h2>
          <p>
            Under the UK GDPR you may ask for a copy of your data, have it corrected or deleted, or
            object to its use. Write to {c.supportEmail}. You may also complain to the Information
            Commissioner&apos;s Office (ico.org.uk).
          </p>
        </>
      }
    />
  );
}

/** The default terms of service, filled from the shop's configuration. */
export function TermsPage() {
  const c = useShopConfig();
  if (!c) return null;
  return (
    <ShopLegalPage
      page="terms"
      title="Terms of Service"
      fallback={
        <>
          <p>
            These terms apply to orders and bookings made on this site with {c.websiteName},{' '}
            {address(c)}. By placing an order you accept them.
          </p>
          <h2>Orders</h2>
          <p>
            Your order is a request to buy; it becomes a contract when we accept it and confirm it
            to you. Prices include VAT and are shown in {c.currency.label} ({c.currency.sign}).
            Delivery fees and minimum order values are shown before you pay.
          </p>
          <h2>Allergies</h2>
          <p>
            Allergen information is shown on every dish. Our kitchens handle all 14 major allergens,
            so we cannot promise that any dish is free of traces. If you have an allergy, call us on{' '}
            {formatPhone(c.contactNumber)} before ordering.
          </p>
          <h2>Cancellations and refunds</h2>
          <p>
            Hot food is made to order, so an order cannot be cancelled once we have started
            preparing it. If something is wrong with your order, contact us within 24 hours at{' '}
            {c.supportEmail} and we will put it right or refund you.
          </p>
          <h2>Table bookings</h2>
          <p>
            Please cancel a booking you cannot keep with the link in its confirmation e-mail, so
            that others can have the table.
          </p>
        </>
      }
    />
  );
}

/** The cookie policy: lists exactly the cookies and storage keys this site uses. */
export function CookiePolicyPage() {
  const c = useShopConfig();
  return (
    <LegalPage title="Cookie Policy">
      <p>
        {c?.websiteName ?? 'This site'} uses only the cookie and browser storage below, all of them
        strictly necessary for the site to work. We use no advertising or tracking cookies. You can
        clear them at any time in your browser settings; the basket and sign-in will then be
        forgotten.
      </p>
      <div
        className="mt-6 overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Cookies and storage used by this site"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Cookies and storage used by this site</caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2 pr-4">
                Name
              </th>
              <th scope="col" className="py-2 pr-4">
                Kind
              </th>
              <th scope="col" className="py-2 pr-4">
                Purpose
              </th>
              <th scope="col" className="py-2">
                Kept
              </th>
            </tr>
          </thead>
          <tbody>
            {STORAGE_INVENTORY.map((item) => (
              <tr key={item.name} className="border-b border-stone-200 align-top">
                <td className="py-2 pr-4 font-mono">{item.name}</td>
                <td className="py-2 pr-4">{item.where}</td>
                <td className="py-2 pr-4">{item.purpose}</td>
                <td className="py-2">{item.kept}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </LegalPage>
  );
}
