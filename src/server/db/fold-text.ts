import { sql, type SQL } from 'drizzle-orm';

// The accented letters of Portuguese (and ñ, å) in both cases, each over its plain letter; the
// separators after them have no counterpart, so translate() deletes them. The same folding runs
// in SQL on PostgreSQL and PGlite (no unaccent extension needed) and in JavaScript (foldText).
const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucnAAAAAAEEEEIIIIOOOOOUUUUCN';
/** Spaces, hyphens and dashes, apostrophes and dots: 'K-Pop', 'k pop' and 'kpop' fold alike; 'davila' finds D'Ávila. */
const SEPARATORS = " \t-‐‑–—'’`.";
const SEPARATOR_PATTERN = /[\s\-‐‑–—'’`.]/g;

/**
 * Text as every search compares it: lower case, without accents, spaces, hyphens, apostrophes or
 * dots ('K-Pop' -> 'kpop', 'São Paulo' -> 'saopaulo', "D'Ávila" -> 'davila'). foldedSql folds a
 * column the same way.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(SEPARATOR_PATTERN, '').toLowerCase();
}

/**
 * SQL expression folding `value` as foldText does. Accents go first: lower() leaves non-ASCII
 * letters alone under the C locale. translate() and lower() are immutable, so an expression index
 * may use it.
 */
export function foldedSql(value: SQL): SQL {
  return sql`lower(translate(${value}, ${ACCENTED + SEPARATORS}, ${PLAIN}))`;
}

/** A LIKE pattern ('%…%', with \ escaping) matching folded text that contains folded `text`. */
export function foldedContainsPattern(text: string): string {
  return `%${foldText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True when folded `column` contains folded `text` (case, accents, spaces and hyphens ignored). */
export function containsFolded(column: SQL, text: string): SQL {
  return sql`${foldedSql(column)} LIKE ${foldedContainsPattern(text)}`;
}
