/** Unprefixed paths of the staff console; LocalLink and localizePath add the reader's locale. */
export const STAFF_HOME = '/staff';

export function staffUserPath(userId: number): string {
  return `${STAFF_HOME}/users/${userId}`;
}

/** Users per page of the search list. */
export const USERS_PAGE_SIZE = 20;
/** Ledger rows per page on a user's page. */
export const LEDGER_PAGE_SIZE = 20;
