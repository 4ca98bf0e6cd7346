import { z } from 'zod';
import { booleanFilter, listMetaSchema, listQuerySchema, safeText } from './api.ts';
import { MESSAGES } from './messages.ts';

/**
 * Notifications (spec 01 §2 "Notifications menu and dialog", §3 "Notification"; spec 02 §4).
 * A company notification goes to the members of one company (made by the product: a finished shop
 * sync, later exports and billing runs); a platform notification (company_id null) goes to everyone
 * and is written by an operator. Read state is per user.
 */

/** The type is the colour of the unread dot and of the dialog's accent. */
export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Cut of the title and description in the menu (spec 01 §9). */
export const NOTIFICATION_TITLE_CUT = 20;
export const NOTIFICATION_DESCRIPTION_CUT = 50;
/** Page size of the menu (spec 01 §9). */
export const NOTIFICATION_PAGE_SIZE = 10;

export const NOTIFICATION_TEXTS = {
  empty: MESSAGES.noNewNotifications,
  title: 'Notifications',
  onlyUnread: 'Only show unread',
  markUnread: 'Mark as unread',
  close: 'Close',
  download: 'Download',
  goTo: (destination: string) => `Go to ${destination}`,
  badHref: 'A link starts with https://, http:// or / (a path of this site).',
  badDestination: 'A destination is a screen name: lower-case letters, digits and dashes.',
} as const;

const THIS_SITE = 'https://this-site.invalid';

/**
 * A path of this site: it starts with one "/", holds no backslash (browsers read "\" as "/", so
 * "/\evil.example" is "//evil.example", another host) and no white space, and resolved against the
 * site it stays on the site.
 */
export function isSameOriginPath(v: string): boolean {
  if (!/^\/(?!\/)[^\s\\]*$/.test(v)) return false;
  try {
    return new URL(v, THIS_SITE).origin === THIS_SITE;
  } catch {
    return false;
  }
}

/** A link the user may follow: http(s) or a path of this site, never `javascript:`, `//host` or `/\host`. */
const href = () =>
  safeText()
    .trim()
    .min(1, MESSAGES.required)
    .max(2000)
    .refine((v) => /^https?:\/\/[^\s\\]+$/i.test(v) || isSameOriginPath(v), NOTIFICATION_TEXTS.badHref);

export const downloadLinkInputSchema = z.strictObject({
  type: z.literal('download-link'),
  href: href(),
  /** The button's text; default "Download". */
  text: safeText().trim().max(80).optional(),
});

/** Several download links: a list of buttons. */
export const downloadLinksInputSchema = z.strictObject({
  input_type: z.literal('download-links'),
  links: z.array(downloadLinkInputSchema).min(1).max(20),
});

/** "Go to {destination}": the screen cms-{destination}-id with parameter id (`/cms/{destination}/{id}`). */
export const redirectInputSchema = z.strictObject({
  type: z.literal('redirect'),
  destination: safeText()
    .min(1, MESSAGES.required)
    .max(40)
    .regex(/^[a-z][a-z0-9-]*$/, NOTIFICATION_TEXTS.badDestination),
  id: z.number().int().positive(),
});

export const notificationInputValueSchema = z.union([
  downloadLinkInputSchema,
  downloadLinksInputSchema,
  redirectInputSchema,
]);
export type NotificationInputValue = z.infer<typeof notificationInputValueSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  /** Null for a platform notification (everyone's). */
  company_id: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  input: notificationInputValueSchema.nullable(),
  author_id: z.number().int().nullable(),
  /** The author's name; "Rentloop" for notifications the product writes. */
  author: z.string(),
  created_at: z.string(),
  /** Whether the signed-in user has read it. */
  is_read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

const title = () => safeText().trim().min(1, MESSAGES.required).max(120, 'At most 120 characters.');

/** `POST /api/notifications` (operators): a platform notification for everyone. */
export const notificationInputSchema = z.strictObject({
  title: title(),
  description: safeText().trim().max(500, 'At most 500 characters.').default(''),
  message: safeText().trim().max(5000, 'At most 5000 characters.').default(''),
  type: z.enum(NOTIFICATION_TYPES).default('info'),
  input: notificationInputValueSchema.nullable().optional(),
});
export type NotificationInput = z.input<typeof notificationInputSchema>;

/** `PUT /api/{company}/rentloopdb/notifications/{id}`: the signed-in user's read state. */
export const notificationReadSchema = z.strictObject({ is_read: z.boolean() });
export type NotificationRead = z.infer<typeof notificationReadSchema>;

/** `PUT /api/notifications/{id}` (operators): change the text, and/or one's own read state. */
export const notificationUpdateSchema = z
  .strictObject({
    title: title().optional(),
    description: safeText().trim().max(500, 'At most 500 characters.').optional(),
    message: safeText().trim().max(5000, 'At most 5000 characters.').optional(),
    type: z.enum(NOTIFICATION_TYPES).optional(),
    input: notificationInputValueSchema.nullable().optional(),
    is_read: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
export type NotificationUpdate = z.input<typeof notificationUpdateSchema>;

/** The list's query: `is_read=false` for only the unread ones. */
export const notificationListQuerySchema = listQuerySchema.pick({ page: true, per_page: true }).extend({
  is_read: booleanFilter(),
});

/** The list's meta adds the user's unread total (the bell's dot and count). */
export const notificationListSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  is_paginated: z.literal(true),
  data: z.array(notificationSchema),
  meta: listMetaSchema.extend({ unread: z.number().int() }),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** What the push channel sends: which notification changed; the client reloads its list. */
export const notificationPushSchema = z.object({
  kind: z.enum(['created', 'updated', 'deleted']),
  id: z.number().int(),
  company_id: z.number().int().nullable(),
});
export type NotificationPush = z.infer<typeof notificationPushSchema>;

/** The menu's cut of a text (spec 01 §2: title at 20, description at 50 characters). */
export const cut = (text: string, length: number) =>
  [...text].length > length ? `${[...text].slice(0, length).join('').trimEnd()}…` : text;
