import type { NewOutboxMessage } from '../outbox/outbox.repository.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

export interface OtpMessageInput {
  tenantId: string;
  shopName: string;
  /** The shop's main colour, for the e-mail's heading. */
  colour: string;
  channel: 'email' | 'phone';
  contact: string;
  code: string;
  minutesValid: number;
  /** The host the customer is on: the SMS's last line lets the browser fill the code in. */
  host: string;
  discardAfter: Date;
}

/** The sign-in code as an outbox message: a text, or an e-mail with HTML and text parts. */
export function otpMessage(input: OtpMessageInput): NewOutboxMessage {
  const { shopName, code, minutesValid } = input;
  const common = {
    tenantId: input.tenantId,
    recipient: input.contact,
    kind: 'otp',
    senderName: shopName,
    discardAfter: input.discardAfter,
  };
  if (input.channel === 'phone') {
    return {
      ...common,
      channel: 'sms',
      subject: null,
      htmlBody: null,
      // The last line is the WebOTP format (https://wicg.github.io/sms-one-time-codes/).
      textBody: `Your ${shopName} sign-in code is ${code}. It expires in ${minutesValid} minutes. Never share it with anyone.\n\n@${input.host} #${code}`,
    };
  }
  const text = [
    `Your ${shopName} sign-in code is ${code}.`,
    '',
    `Type it on the sign-in screen. It expires in ${minutesValid} minutes and works once.`,
    '',
    `If you did not ask to sign in to ${shopName}, you can ignore this e-mail: nobody can sign in without the code.`,
  ].join('\n');
  const shop = escapeHtml(shopName);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Your ${shop} sign-in code</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 24px 0;border-top:6px solid ${escapeHtml(input.colour)};border-radius:8px 8px 0 0">
<h1 style="margin:0;font-size:20px">${shop}</h1></td></tr>
<tr><td style="padding:16px 24px">
<p style="margin:0 0 12px;font-size:16px">Your sign-in code is</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px">${code}</p>
<p style="margin:0 0 12px;font-size:14px">Type it on the sign-in screen. It expires in ${minutesValid} minutes and works once.</p>
<p style="margin:0;font-size:13px;color:#52525b">If you did not ask to sign in to ${shop}, you can ignore this e-mail: nobody can sign in without the code.</p>
</td></tr></table></body></html>`;
  return {
    ...common,
    channel: 'email',
    subject: `Your ${shopName} sign-in code: ${code}`,
    textBody: text,
    htmlBody: html,
  };
}
