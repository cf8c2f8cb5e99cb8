/**
 * Column-wise parameters for `unnest`: a batch of rows travels as one array literal per column
 * ('{"a","b",NULL}'), a parameter typed by its cast (`$1::uuid[]`), so the statement has one
 * parameter per column whatever the batch size (far below the 65,535 cap). Both drivers send a
 * string parameter unchanged and the server parses it once, at bind (node-postgres and PGlite would
 * each serialise a JS array their own way). Not `$1::text::uuid[]`: PostgreSQL then parses every
 * array twice, once while planning (measured: planning 6 ms -> 60 ms for a 5,000-order batch).
 */
import { sql, type SQL } from 'drizzle-orm';

export type PgArrayType = 'uuid' | 'text' | 'smallint' | 'integer' | 'bigint' | 'boolean' | 'jsonb';

type Cell = string | number | boolean | null | undefined | Record<string, unknown>;

/** A text element in quotes; a backslash or quote inside escaped (rare: checked before replacing). */
function quoted(text: string): string {
  return text.includes('"') || text.includes('\\') ? `"${text.replace(/["\\]/g, '\\$&')}"` : `"${text}"`;
}

/**
 * The array literal of one column of `rows`. `bare`: uuids, numbers and booleans, which need no
 * quotes. One flat string from join (a += rope would be flattened again by the driver): this runs
 * once per cell of a batch and is most of the import's JavaScript time.
 */
export function arrayLiteral<T>(rows: readonly T[], pick: (row: T) => Cell, bare = false): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const value = pick(rows[i]!);
    if (value === null || value === undefined) parts[i] = 'NULL';
    else if (typeof value === 'string') parts[i] = bare ? value : quoted(value);
    else if (typeof value === 'number') parts[i] = String(value);
    else if (typeof value === 'boolean') parts[i] = value ? 't' : 'f';
    else parts[i] = quoted(JSON.stringify(value));
  }
  return `{${parts.join(',')}}`;
}

/** `$n::type[]` for one column of `rows`: an argument of unnest(...). */
export function unnestArg<T>(rows: readonly T[], type: PgArrayType, pick: (row: T) => Cell): SQL {
  return sql`${arrayLiteral(rows, pick, type !== 'text' && type !== 'jsonb')}::${sql.raw(type)}[]`;
}

/**
 * `unnest($1::uuid[], $2::text[], ...) as alias(col1, col2, ...)` over the listed
 * columns of `rows` (a key of the row each; every array has one element per row).
 */
export function unnestRows<T extends object>(rows: readonly T[], alias: string, columns: readonly (readonly [keyof T & string, PgArrayType])[]): SQL {
  const args = columns.map(([key, type]) => unnestArg(rows, type, (row) => row[key] as Cell));
  return sql`unnest(${sql.join(args, sql`, `)}) as ${sql.raw(alias)}(${sql.raw(columns.map(([key]) => key).join(', '))})`;
}
