import type { ShopSmtp } from '@servery/contract/tenant-document';
import type { MailTransport } from '../../providers/mail/mail-transport.ts';

/** What the outbox needs to know of a shop to send its e-mail as the shop (decision 0020). */
export interface ShopMailSettings {
  /** The shop's support address: customers' answers go there. */
  replyTo: string;
  /** The shop's own mail server, or null for the platform's. */
  smtp: ShopSmtp | null;
}

/**
 * One mail transport per shop that brings its own SMTP server, kept (pooled connections) and
 * rebuilt when the shop's settings change; every other shop's mail leaves through the
 * platform's transport.
 */
export class ShopMailTransports {
  private readonly own = new Map<string, { key: string; transport: MailTransport }>();

  constructor(
    readonly platform: MailTransport,
    private readonly build: (smtp: ShopSmtp) => MailTransport,
  ) {}

  for(tenantId: string, smtp: ShopSmtp | null): MailTransport {
    const kept = this.own.get(tenantId);
    if (!smtp) {
      if (kept) this.drop(tenantId);
      return this.platform;
    }
    const key = `${smtp.url}\n${smtp.from}`;
    if (kept?.key === key) return kept.transport;
    if (kept) this.drop(tenantId);
    const transport = this.build(smtp);
    this.own.set(tenantId, { key, transport });
    return transport;
  }

  close(): void {
    for (const tenantId of [...this.own.keys()]) this.drop(tenantId);
    this.platform.close();
  }

  private drop(tenantId: string): void {
    this.own.get(tenantId)?.transport.close();
    this.own.delete(tenantId);
  }
}
