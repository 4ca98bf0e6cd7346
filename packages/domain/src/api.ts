/**
 * The API's wire contract shared by server and web client: the response envelope,
 * paginated list meta, list query parameters and the error codes.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { hasNoNul, isWellFormedText } from './text-checks.ts';

export { hasNoNul, isWellFormedText };

/**
 * The string every text input starts from: any string but one holding a NUL character (an error in
 * the database) or half of a UTF-16 pair (silently stored as U+FFFD), refused with a 422 naming the
 * field. Chain as usual: `safeText().trim().max(200)`.
 */
export const safeText = () =>
  z.string().refine(hasNoNul, MESSAGES.nulCharacter).refine(isWellFormedText, MESSAGES.loneSurrogate);

/**
 * A required email, trimmed and lower-cased: a blank one is "Required field." (spec 01 §5), not a format
 * message; then "Email must be valid.". The pipe stops at the first part's issue, so a blank email
 * gets one message, on the form and in the API's 422 alike.
 */
export const emailText = (max = 254) =>
  safeText()
    .trim()
    .toLowerCase()
    .min(1, MESSAGES.required)
    .pipe(z.email({ message: MESSAGES.emailInvalid }).max(max));

export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2999;

/**
 * A calendar date `YYYY-MM-DD` (a filter: created_from, date_to, ...) in a sensible year. Zod's own
 * `z.iso.date()` lets year 0000 through, which PostgreSQL cannot read.
 */
export const isoDate = () =>
  z.iso.date().refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
  }, MESSAGES.dateOutOfRange);

/** The range of a date the business runs on (a start, a next billing date, a voucher's validity). */
export const BUSINESS_DATE_MIN = '2000-01-01';
export const BUSINESS_DATE_MAX = '2100-12-31';

/**
 * A date a record keeps and the billing acts on: a calendar date in 2000-01-01..2100-12-31. A next
 * billing date in 1901 (accepted before) would bill every day since; filters keep `isoDate`'s wider
 * range. The 422 names the field (its path), with this range in the message.
 */
export const businessDate = () =>
  z.iso
    .date()
    .refine(
      (value) => value >= BUSINESS_DATE_MIN && value <= BUSINESS_DATE_MAX,
      MESSAGES.businessDateOutOfRange,
    );

/** Every response: `{ status, message, data }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.boolean(), message: z.string(), data });

export const listMetaSchema = z.object({
  current_page: z.number().int(),
  from: z.number().int().nullable(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  to: z.number().int().nullable(),
  total: z.number().int(),
  path: z.string(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** A paginated list adds `is_paginated: true` and `meta`. */
export const paginatedEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    status: z.boolean(),
    message: z.string(),
    is_paginated: z.literal(true),
    data: z.array(item),
    meta: listMetaSchema,
  });

export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
/** Most ids a bulk update (PUT orders, PUT subscriptions) takes at once. */
export const MAX_BULK_IDS = 100;

/**
 * Query parameters every list accepts. `sort` is checked against a whitelist per resource;
 * `filters` is a JSON object of field -> value; the API also takes `filters[field]=value` and folds it
 * into that object (apps/api/src/http/querystring.ts).
 */
/**
 * A yes/no list filter: JSON true or false, or the text "true" or "false" (a filter kept in a web
 * page's URL is text; `z.coerce.boolean()` would read "false" as true).
 */
export const booleanFilter = () =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional();

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  search: safeText().trim().max(200).optional(),
  sort: safeText().max(64).optional(),
  desc: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
  filters: safeText().max(2000).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** One error type for the whole product: a code, mapped once to its HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  rate_limited: 429,
  internal: 500,
  /** Another server we called (a credit check provider) failed or answered nonsense. */
  bad_gateway: 502,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  status: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A record id as written in a path: plain decimal digits without sign, spaces or leading zeros, and
 * a safe integer. One spelling per record: `0x1`, `1e0`, ` 1`, `+1` and `01` name no record.
 */
export function parseRecordId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** Numeric id in a path (`/customers/{id}`): anything else is a 404 (apps/api/src/http/errors.ts), never a 500. */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .transform((raw, ctx) => {
    const id = parseRecordId(raw);
    if (id === null) ctx.addIssue({ code: 'custom', message: 'Must be a record id.' });
    return id ?? 0;
  });

type WithoutDefault<S> = S extends z.ZodDefault<infer Inner> ? Inner : S;

/**
 * The update (PATCH-like) form of an input schema: every field optional and no defaults. Zod 4's
 * `.partial()` keeps `.default()`s, so an update sending one field would reset the others to
 * their defaults; this unwraps them first.
 */
export function updateSchemaOf<T extends z.ZodRawShape>(
  schema: z.ZodObject<T>,
): z.ZodObject<{ [K in keyof T]: z.ZodOptional<WithoutDefault<T[K]>> }> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      field instanceof z.ZodDefault ? field.unwrap() : field,
    ]),
  );
  return z.object(shape).partial() as never;
}
