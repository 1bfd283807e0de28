import type { ContactBody, ContactSent } from '../../../core/contracts/contact';
import { apiFetch } from '../../lib/api-client';

/** POST /api/contact (docs/api/contact.md) from the browser; the envelope's `data`. */
export async function sendContactMessage(body: ContactBody): Promise<ContactSent> {
  const envelope = await apiFetch<{ code: number; msg: string; data: ContactSent }>('/api/contact', { method: 'POST', body });
  return envelope.data;
}
