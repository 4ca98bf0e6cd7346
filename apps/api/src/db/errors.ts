/** PostgreSQL error codes the services turn into answers (drizzle may wrap the driver's error in `cause`). */
const UNIQUE_VIOLATION = '23505';

const codeOf = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null
    ? ((e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code)
    : undefined;

/** A unique index refused the row (a duplicate email, name, rule...). */
export const isUniqueViolation = (e: unknown) => codeOf(e) === UNIQUE_VIOLATION;
