import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Decoding raw-SQL rows (`db.execute`, `queryNamed`) into typed values, in one place.
 *
 * Why timestamps travel as epoch milliseconds: a raw `timestamptz` column arrives in different
 * shapes depending on the path a query takes. Through drizzle's node-postgres session it stays
 * PostgreSQL's text form (drizzle installs a parser that keeps timestamps as strings), through the
 * pool's own `query` (named statements) node-postgres makes it a `Date`, and PGlite makes it a
 * `Date` too. Selecting `epochMs(column)`, a float8 that every path answers as a JS number, and
 * decoding it with `asDate` gives one shape everywhere, with no time-zone text to parse. Likewise
 * json may come as text or parsed, and ids or counts as strings: decode with the helpers below.
 */

/** The column as milliseconds since the epoch, a float8 both drivers answer as a JS number. */
export const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** `epochMs` in the text of a named statement (`queryNamed`), where the column is written as SQL text. */
export const epochMsText = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** A value selected with `epochMs`, as a Date. */
export const asDate = (value: unknown) => new Date(Number(value));

/** A value selected with `epochMs` that may be null, as a Date or null. */
export const nullableDate = (value: unknown) => (value === null || value === undefined ? null : asDate(value));

export const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export const nullableString = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** A json or jsonb value: PGlite answers it parsed, node-postgres answers json as text. */
export const jsonValue = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * The column named with its table, for a subquery another module's SQL puts in this query's select
 * list: there drizzle leaves a query's columns unqualified when it reads one table, and an
 * unqualified `id` would bind to the subquery's own table.
 */
export const qualified = (column: AnyColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
