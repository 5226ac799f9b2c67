import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { tenantAssets } from '../../../db/schema.ts';
import type { StaffIdentity } from '../../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../../audit/audit.repository.ts';
import {
  announceMenuChange,
  contextOf,
  loadItemContext,
  requireAllStores,
  viewOf,
} from '../item-context.ts';
import { updateItemRow } from '../menu-editor.repository.ts';
import { mainPhotoOf, processPhoto, type PhotoVariant } from './photo-processing.ts';

/**
 * Photos are kept in `tenant_assets`, the table the shop's logos already live in (decision
 * 0035): every process serves the same bytes with no shared disk, and `tenant export` writes
 * them beside the document.
 */
async function storeVariants(tx: Executor, tenantId: string, variants: PhotoVariant[]) {
  await tx
    .insert(tenantAssets)
    .values(
      variants.map((v) => ({
        tenantId,
        name: v.name,
        contentType: v.contentType,
        sha256: v.sha256,
        bytes: v.bytes,
      })),
    )
    .onConflictDoNothing();
}

export async function findPhoto(db: Executor, tenantId: string, name: string) {
  const [row] = await db
    .select({ contentType: tenantAssets.contentType, bytes: tenantAssets.bytes })
    .from(tenantAssets)
    .where(and(eq(tenantAssets.tenantId, tenantId), eq(tenantAssets.name, name)));
  return row ?? null;
}

export function createPhotosService({ db, now }: { db: Database; now: () => Date }) {
  return {
    /** The dish is checked before the upload is read, so a stranger's file is not even decoded. */
    async checkDish(staff: StaffIdentity, itemId: string) {
      await db.transaction(async (tx) => {
        requireAllStores(await loadItemContext(tx, staff, itemId), staff);
      });
    },

    async upload(staff: StaffIdentity, actor: AuditActor, itemId: string, bytes: Buffer) {
      // Decoding and encoding take a moment of CPU: done before the transaction, not inside it.
      const variants = await processPhoto(bytes);
      const image = mainPhotoOf(variants);
      const item = await db.transaction(async (tx) => {
        const ctx = await loadItemContext(tx, staff, itemId);
        requireAllStores(ctx, staff);
        await storeVariants(tx, staff.tenantId, variants);
        const row = await updateItemRow(tx, itemId, { image });
        await recordAudit(tx, actor, {
          action: 'item.photo',
          entity: 'menu_item',
          entityId: itemId,
          before: { name: ctx.item.name, image: ctx.item.image },
          after: { name: ctx.item.name, image },
        });
        await announceMenuChange(tx, staff.tenantId, itemId);
        return viewOf(await contextOf(tx, staff, row, null), staff, now());
      });
      return {
        image,
        variants: variants.map((v) => ({ file: v.name, width: v.width, type: v.contentType })),
        item,
      };
    },
  };
}
export type PhotosService = ReturnType<typeof createPhotosService>;
