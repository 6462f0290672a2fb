import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { normalizeUser, type User } from '../../../stores/auth-store';

export const PROFILE_PATH = '/api/v1/user/profile';

const profileAnswerSchema = z.record(z.string(), z.unknown());

/** GET /user/profile with the bearer token from the cookie (the profile may sit under data). */
export async function getProfile(): Promise<User> {
  const raw = profileAnswerSchema.parse(await api(PROFILE_PATH));
  const data = raw.data;
  return normalizeUser(data && typeof data === 'object' ? (data as Record<string, unknown>) : raw);
}
