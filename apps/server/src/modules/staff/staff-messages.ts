import { ROLE_LABELS, type StaffRole } from '@servery/contract/staff-roles';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { NewOutboxMessage } from '../outbox/outbox.repository.ts';
import type { StaffShop } from './staff-sign-in.service.ts';

/** The staff sign-in code: an e-mail only (staff addresses are e-mail addresses). */
export function staffCodeMessage(input: {
  shop: StaffShop;
  to: string;
  name: string;
  code: string;
  expiresAt: Date;
}): NewOutboxMessage {
  const { shop, code } = input;
  const link = `${shop.origin}/admin`;
  const text = [
    `Hello ${input.name},`,
    '',
    `Your ${shop.name} staff sign-in code is ${code}.`,
    '',
    `Type it on ${link}. It expires in 10 minutes and works once.`,
    '',
    'If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the code.',
  ].join('\n');
  return {
    tenantId: shop.tenantId,
    channel: 'email',
    recipient: input.to,
    kind: 'staff_otp',
    senderName: shop.name,
    subject: `${shop.name} staff sign-in code: ${code}`,
    textBody: text,
    htmlBody: simpleHtml(shop, [
      `Hello ${escapeHtml(input.name)},`,
      `Your staff sign-in code is <strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
      `Type it on <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>. It expires in 10 minutes and works once.`,
      'If you did not ask to sign in, you can ignore this e-mail.',
    ]),
    discardAfter: input.expiresAt,
    attachments: null,
  };
}

/** Tells a new member of staff where to sign in. */
export function staffInviteMessage(input: {
  shop: StaffShop;
  to: string;
  name: string;
  role: StaffRole;
  invitedBy: string;
}): NewOutboxMessage {
  const { shop } = input;
  const link = `${shop.origin}/admin`;
  const role = ROLE_LABELS[input.role].toLowerCase();
  const text = [
    `Hello ${input.name},`,
    '',
    `${input.invitedBy} has added you to ${shop.name}'s staff as ${role === 'owner' ? 'an' : 'a'} ${role}.`,
    '',
    `Sign in at ${link} with this e-mail address: we e-mail you a code each time, so there is no password to remember.`,
  ].join('\n');
  return {
    tenantId: shop.tenantId,
    channel: 'email',
    recipient: input.to,
    kind: 'staff_invite',
    senderName: shop.name,
    subject: `You have been added to ${shop.name}'s staff`,
    textBody: text,
    htmlBody: simpleHtml(shop, [
      `Hello ${escapeHtml(input.name)},`,
      `${escapeHtml(input.invitedBy)} has added you to ${escapeHtml(shop.name)}'s staff as ${role === 'owner' ? 'an' : 'a'} ${role}.`,
      `Sign in at <a href="${escapeHtml(link)}">${escapeHtml(link)}</a> with this e-mail address: we e-mail you a code each time, so there is no password to remember.`,
    ]),
    discardAfter: null,
    attachments: null,
  };
}

function simpleHtml(shop: StaffShop, paragraphs: string[]): string {
  const name = escapeHtml(shop.name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${name}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 24px 0;border-top:6px solid ${escapeHtml(shop.colour)};border-radius:8px 8px 0 0"><h1 style="margin:0;font-size:20px">${name} staff</h1></td></tr>
<tr><td style="padding:16px 24px">${paragraphs.map((p) => `<p style="margin:0 0 12px;font-size:15px">${p}</p>`).join('')}</td></tr>
</table></body></html>`;
}
