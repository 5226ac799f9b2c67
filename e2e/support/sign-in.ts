import { randomBytes, randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { UserData } from '@servery/contract/auth';

/** What the server's log transport writes for each message it would have sent. */
const LOG_TRANSPORT_MESSAGE = 'message written to the log (no SMS or e-mail transport configured)';

/** A contact nobody else uses, so tests run side by side and never meet a cooldown. */
export const uniqueEmail = (label = 'guest') =>
  `e2e-${label}-${randomBytes(4).toString('hex')}@example.com`;
/** A UK mobile number, 11 digits. */
export const uniquePhone = () => `07${String(randomInt(0, 1e9)).padStart(9, '0')}`;

interface LoggedMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
}

/** Every message the server wrote to its log so far, oldest first. */
export function loggedMessages(output: string[]): LoggedMessage[] {
  return output
    .join('')
    .split('\n')
    .filter((line) => line.includes(LOG_TRANSPORT_MESSAGE))
    .map((line) => JSON.parse(line) as LoggedMessage);
}

/**
 * The sign-in code in the `nth` message (1 = the first) sent to `to`, read from the server's
 * output as a newcomer would read it; waits for the outbox to deliver it.
 */
export async function codeSentTo(output: string[], to: string, nth = 1): Promise<string> {
  const deadline = Date.now() + 15_000;
  // Texts go to the number's E.164 form (+44…) however it was typed.
  const recipient = /^0\d{9,10}$/.test(to) ? `+44${to.slice(1)}` : to;
  for (;;) {
    const messages = loggedMessages(output).filter((message) => message.to === recipient);
    const text = messages[nth - 1]?.text;
    const code = text?.match(/code is (\d{4,6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) {
      throw new Error(`No code number ${nth} for ${to} in the server output`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Signs in through the API (register, read the code, verify), for tests about later pages. The
 * profile gets a first name and a phone, as any order needs (issue 30), unless `profile` is
 * false: a customer who signed in by e-mail and has given neither.
 */
export async function signInByApi(
  server: { url: string; output: string[] },
  email = uniqueEmail(),
  { profile = true }: { profile?: boolean } = {},
): Promise<UserData> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('register', { email });
  if (!registered.ok) throw new Error(`register answered ${registered.status}`);
  const otp = await codeSentTo(server.output, email);
  const verified = await post('verify-otp', { email, otp });
  if (!verified.ok) throw new Error(`verify-otp answered ${verified.status}`);
  const userData = ((await verified.json()) as { data: UserData }).data;
  if (!profile) return userData;
  const contact = { first_name: 'Sam', phone: uniquePhone() };
  const saved = await fetch(`${server.url}/api/customer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${userData.token}` },
    body: JSON.stringify(contact),
  });
  if (!saved.ok) throw new Error(`customer answered ${saved.status}`);
  return { ...userData, customer: { ...userData.customer, ...contact } };
}

/** The code boxes of the verification screen, in order. */
export const codeBoxes = (page: Page) => page.getByRole('textbox', { name: /^Digit \d of \d$/ });

/** Types a code into the boxes the way a person does: one digit after another. */
export async function typeCode(page: Page, code: string) {
  await codeBoxes(page).first().click();
  await page.keyboard.type(code);
}

/** From the login screen to the verification screen with `contact`. */
export async function askForCode(page: Page, url: string, contact: string) {
  await page.goto(`${url}/login`);
  await page.getByRole('textbox', { name: 'What’s your phone number?' }).fill(contact);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${url}/verification`);
}

/** The login screen's one input: a phone number or an e-mail address. */
export const loginInput = (page: Page) =>
  page.getByRole('textbox', { name: 'What’s your phone number?' });

/** What the page keeps in localStorage under `key`. */
export const stored = (page: Page, key: string) =>
  page.evaluate((k) => localStorage.getItem(k), key);
