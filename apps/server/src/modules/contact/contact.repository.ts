import type { ContactRequest } from '@servery/contract/contact';
import type { Executor } from '../../db/client.ts';
import { contactRequests } from '../../db/schema.ts';

export async function addContactRequest(db: Executor, tenantId: string, request: ContactRequest) {
  await db.insert(contactRequests).values({
    tenantId,
    name: request.name,
    email: request.email,
    // An empty phone field is no number.
    phone: request.phone || null,
    message: request.message,
  });
}
