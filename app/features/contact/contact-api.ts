import type { ContactBody } from '../../../core/contracts/contact';
import { endpointCalls } from '../../lib/endpoint-calls';

const contact = endpointCalls(async () => (await import('../../../core/contracts/contact')).contactEndpoints);

/** POST /api/contact (docs/api/contact.md) from the browser: the answer's `data`, checked against the contract. */
export function sendContactMessage(body: ContactBody) {
  return contact('send', { body });
}
