import i18n from '../../../i18n';
import { paths } from '../../../config/paths';
import { db } from '../../../db';
import { itemFiles } from '../../../db/outbox';
import { toast } from '../../../components/ui/toast';
import { SYNC_TOAST_MS } from '../../../lib/offline/delivery';
import type { OutboxKinds } from '../../../lib/offline/outbox-kinds';

const text = (...values: unknown[]) =>
  values.find((v): v is string => typeof v === 'string' && v !== '') ?? '';

/**
 * An upload made offline: sent as the upload form with the files kept on the device; the new
 * material takes the pending card's place in the list, and a toast links to it.
 */
export const materialOutboxKinds: OutboxKinds = {
  'material-upload': {
    async encode(item) {
      const form = new FormData();
      for (const [key, value] of Object.entries(item.body ?? {})) form.append(key, String(value));
      for (const f of await itemFiles(item.id)) form.append('files', f.blob, f.name);
      return form;
    },
    async store(item, data) {
      const id = text(data.id, data.material_id);
      if (!id) return;
      const createdAt = text(data.created_at, data.createdAt);
      await db.materials.put({ userId: item.userId, id, createdAt, data, fetchedAt: Date.now() });
    },
    announce(item, data) {
      const id = text(data.id, data.material_id);
      toast.success(i18n.t('offline.uploaded', { title: item.subject.title ?? '' }), {
        duration: SYNC_TOAST_MS,
        action: id ? { label: i18n.t('offline.viewMaterial'), to: paths.material(id) } : undefined,
      });
    },
  },
};
