/**
 * The two checks every text input passes before its own rules (`safeText()` in api.ts), without zod, so
 * that a screen can use them without loading it (the sign-in form, sign-in.ts).
 */

/** True when the text holds no U+0000 (PostgreSQL text and jsonb refuse it). */
export const hasNoNul = (value: string) => !value.includes('\u0000');

// With the u flag a surrogate range matches only a half pair: a whole pair is one code point.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when the text is well-formed UTF-16 (JSON "\ud800" parses to a half pair that UTF-8 cannot hold). */
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);
