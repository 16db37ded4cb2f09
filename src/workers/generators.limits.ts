/** Limits of a generators request, shared by the api (validation) and the page (form bounds) without pulling the api into the page bundle. */

/** Most levels one request may ask for. */
export const MAX_GENERATE_COUNT = 500;
