import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.js';
import * as m0002 from './0002-materials.js';
import * as m0003 from './0003-quiz-flow.js';
import * as m0004 from './0004-material-blocks.js';
import * as m0005 from './0005-billing.js';
import * as m0006 from './0006-quiz-attempt-history.js';
import * as m0007 from './0007-upload-idempotency.js';
import * as m0008 from './0008-review.js';
import * as m0009 from './0009-generation-queue.js';
import * as m0010 from './0010-storage-deletions.js';
import * as m0011 from './0011-hardening.js';
import * as m0012 from './0012-material-search.js';
import * as m0013 from './0013-storage-quota.js';
import * as m0014 from './0014-material-list-order.js';

/** Every migration, in order. Add new ones at the end; never rename or edit old ones. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-materials': m0002,
  '0003-quiz-flow': m0003,
  '0004-material-blocks': m0004,
  '0005-billing': m0005,
  '0006-quiz-attempt-history': m0006,
  '0007-upload-idempotency': m0007,
  '0008-review': m0008,
  '0009-generation-queue': m0009,
  '0010-storage-deletions': m0010,
  '0011-hardening': m0011,
  '0012-material-search': m0012,
  '0013-storage-quota': m0013,
  '0014-material-list-order': m0014,
};
