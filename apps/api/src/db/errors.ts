/** PostgreSQL error codes the services turn into answers (drizzle may wrap the driver's error in `cause`). */
const UNIQUE_VIOLATION = '23505';

export const sqlStateOf = (e: unknown): string | undefined => {
  if (typeof e !== 'object' || e === null) return undefined;
  const own = (e as { code?: unknown }).code;
  const cause = (e as { cause?: { code?: unknown } }).cause?.code;
  const code = typeof own === 'string' ? own : cause;
  return typeof code === 'string' ? code : undefined;
};

/** A unique index refused the row (a duplicate email, name, rule...). */
export const isUniqueViolation = (e: unknown) => sqlStateOf(e) === UNIQUE_VIOLATION;

/**
 * SQLSTATE class 22, "data exception": a value PostgreSQL cannot take (a NUL character in text,
 * year 0000 in a date, a number out of range, an invalid JSON escape). Input validation should have
 * refused the value first; this is the backstop that keeps such input from ever answering 500.
 */
export const isDataException = (e: unknown) => /^22[0-9A-Z]{3}$/.test(sqlStateOf(e) ?? '');

/** What the client is told about a data exception: the kind of value, never the SQL. */
export function dataExceptionMessage(e: unknown): string {
  switch (sqlStateOf(e)) {
    case '22021': // character_not_in_repertoire (a NUL byte in text)
    case '22P05': // untranslatable_character (\u0000 in jsonb)
      return 'Text must not contain a NUL character.';
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
      return 'A date is not valid or out of range.';
    case '22003': // numeric_value_out_of_range
      return 'A number is out of range.';
    case '22001': // string_data_right_truncation
      return 'A text is too long.';
    default:
      return 'A value in the request is not valid.';
  }
}
