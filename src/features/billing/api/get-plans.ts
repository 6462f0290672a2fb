import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { normalizePlan } from '../lib/plan';
import type { Plan } from '../lib/price';
import { SUBSCRIPTION_PATH } from './paths';
import { answerData } from '../../../lib/api-answer';

/** GET /subscription/plans: every plan, ordered by display_order. */
export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  const rows = z
    .array(z.unknown())
    .parse(answerData(await api(`${SUBSCRIPTION_PATH}/plans`, { signal })));
  return rows.map(normalizePlan).sort((a, b) => a.displayOrder - b.displayOrder);
}
