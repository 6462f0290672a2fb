import { api } from '../../lib/api-client';
import type { TeamSize } from './contact-model';

/** POST /api/v1/contact body: the spec's group consultation form plus the reply language. */
export interface ContactRequest {
  name: string;
  email: string;
  organization: string;
  teamSize: TeamSize;
  phone?: string;
  message: string;
  privacyConsent: true;
  locale: 'zh-TW' | 'en';
}

export interface ContactResponse {
  success: boolean;
  message?: string;
}

/** Sends a group-plan enquiry; throws ApiError (400 VALIDATION_FAILED carries `fields`). */
export function sendContact(body: ContactRequest) {
  return api<ContactResponse>('/api/v1/contact', { method: 'POST', body });
}
