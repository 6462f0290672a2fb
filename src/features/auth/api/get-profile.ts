import { answerRecord } from '../../../lib/api-answer';
import { api } from '../../../lib/api-client';
import { normalizeUser, type User } from '../../../stores/auth-store';

export const PROFILE_PATH = '/api/v1/user/profile';

/** GET /user/profile with the bearer token from the cookie (the profile may sit under data). */
export async function getProfile(): Promise<User> {
  return normalizeUser(answerRecord(await api(PROFILE_PATH)));
}
