import type { Page } from 'playwright-core';
import { loggedMessages } from './sign-in.ts';

/** The demo shop's owner, seeded outside production (README "The staff application"). */
export const DEMO_OWNER = 'owner@tandoor-lane.test';

/**
 * The newest staff sign-in code e-mailed to `to` for the shop at `host` after `after` messages
 * to that address, read from the server's log as a newcomer reads it; waits for the outbox to
 * deliver it. The demo's owner is staff of every spec file's shop on a worker's server, and
 * another file's code can reach the log late: only a code naming this shop's address counts.
 */
export async function staffCodeSentTo(
  output: string[],
  to: string,
  after: number,
  host: string,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const messages = loggedMessages(output)
      .filter((m) => m.to === to)
      .slice(after)
      .filter((m) => m.text?.includes(host));
    const code = messages
      .map((m) => m.text?.match(/staff sign-in code is (\d{6})\b/)?.[1])
      .filter(Boolean)
      .at(-1);
    if (code) return code;
    if (Date.now() > deadline)
      throw new Error(`No staff code for ${to} at ${host} in the server output`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in to /admin in the browser, as a member of staff does: address, then code. */
export async function signInToAdmin(
  page: Page,
  server: { url: string; output: string[] },
  email: string,
) {
  const before = loggedMessages(server.output).filter((m) => m.to === email).length;
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('Work e-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = await staffCodeSentTo(server.output, email, before, new URL(server.url).host);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: /^Hello/ }).waitFor();
}
