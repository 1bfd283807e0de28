/**
 * Whether an error is a unique violation (SQLSTATE 23505), optionally of one named index.
 * node-postgres and PGlite both put `code` and `constraint` on their DatabaseError; Drizzle
 * wraps it in a DrizzleQueryError whose `cause` is the driver's error, so the cause chain is
 * searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const fields = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (fields.code === '23505') {
      return constraint === undefined || fields.constraint === undefined || fields.constraint === constraint;
    }
    current = fields.cause;
  }
  return false;
}
