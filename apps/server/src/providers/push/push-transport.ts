/** A push to one subscribed device, as the outbox holds it (channel `push`). */
export interface PushMessage {
  tenantId: string;
  /** The staff_push_subscriptions id. */
  recipient: string;
  title: string;
  body: string;
}

/** Where the outbox's pushes go: Web Push to staff devices (modules/push/push-sender.ts). */
export interface PushTransport {
  send(message: PushMessage): Promise<void>;
}
