/** One e-mail, in the shop's name, with a readable HTML part and a plain-text part. */
export interface Mail {
  to: string;
  /** Shown as the sender: the shop's name. */
  fromName: string;
  /** Where answers go: the shop's support address, whoever's server sends the mail. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** Where e-mail goes: SMTP in production (smtp.ts), the server log in development (log.ts). */
export interface MailTransport {
  readonly name: string;
  send(mail: Mail): Promise<void>;
  close(): void;
}
