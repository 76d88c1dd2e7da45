/**
 * Text that the database can store: PostgreSQL `text` cannot hold the NUL character (U+0000), so every
 * free-text field refuses it at the edge with a 400 instead of failing in the database.
 */
export const NO_NUL_MESSAGE = 'Text cannot contain the NUL character.';
export const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * The latest instant a timestamp field accepts, in milliseconds since 1970: the end of year 9999,
 * within both JavaScript dates and PostgreSQL timestamps.
 */
export const TIMESTAMP_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
