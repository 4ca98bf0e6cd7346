/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of
 * random bytes; a message is signed with HMAC-SHA256, keyed with the base64-decoded secret, over
 * `<webhook-id>.<webhook-timestamp>.<body>`, and sent as `webhook-signature: v1,<base64>`. Several
 * signatures are separated by spaces: during a rotation's overlap both the new and the previous secret
 * sign, so a receiver that still holds the old one verifies every message.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** A new secret: 24 random bytes (the spec asks for 24 to 64). */
export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

const keyOf = (secret: string): Buffer =>
  Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');

/** `v1,<base64 HMAC-SHA256>` of one message with one secret. */
export function sign(secret: string, messageId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${messageId}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt: every secret given signs (the current one first). */
export function signedHeaders(
  secrets: string[],
  messageId: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, messageId, timestamp, body)).join(' '),
  };
}

/** A message id: unique per message, the same on every attempt and resend of it (receivers dedupe on it). */
export const newMessageId = (): string => `msg_${randomBytes(16).toString('hex')}`;
