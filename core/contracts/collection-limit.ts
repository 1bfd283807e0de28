/**
 * How many matches, how many competitions and how many teams one user can collect (or one
 * browser keep while signed out). A module of its own, without schemas: the browser's follows
 * store needs the number on every page, and importing it from ./collections would bring zod
 * into the first load.
 */
export const COLLECTION_LIMIT = 500;
