import { MESSAGES } from '@rentloop/domain/messages';
import { notify } from '../../utils/notify.ts';
import type { InvitationStatus } from './hooks.ts';

/**
 * The toast after creating a user. The server's message says whether the invitation went out; one that
 * could not be delivered (no mail configured) is information for the admin, shown whatever the success
 * preference; one the mail server refused is an error (the person is invited; send it again later).
 */
export function notifyCreated(message: string, invitation: InvitationStatus) {
  if (invitation === 'failed') notify.error(message);
  else if (invitation === 'not_sent') notify.info(message);
  else notify.success(message || MESSAGES.userCreated);
}
