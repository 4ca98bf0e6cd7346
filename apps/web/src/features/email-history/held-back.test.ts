import { MESSAGES } from '@rentloop/domain/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { heldBackReason } from './use-send-record-mail.ts';

const failure = (status: number, message: string) =>
  new ApiError({ success: false, status, message, data: null, meta: null, errors: null, headers: null });

describe('a record mail held back by the customer’s state', () => {
  it('is offered to be sent anyway only for the two 409s that say so, with the reason', () => {
    expect(heldBackReason(failure(409, MESSAGES.mailHeldOptedOut))).toBe(
      'The customer opted out of record mails.',
    );
    expect(heldBackReason(failure(409, MESSAGES.mailHeldArchived))).toBe(
      'The customer is archived, so mails to them are held back.',
    );
  });

  it('is not offered for any other failure', () => {
    expect(heldBackReason(failure(409, 'Only a succeeded payment has a receipt.'))).toBeNull();
    expect(heldBackReason(failure(502, MESSAGES.mailHeldOptedOut))).toBeNull();
    expect(heldBackReason(new Error(MESSAGES.mailHeldOptedOut))).toBeNull();
  });
});
