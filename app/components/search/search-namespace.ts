/** The i18next namespace of the search texts (app/locales/<locale>/search.json). */
export const SEARCH_NAMESPACE = 'search';
