import { createHash } from 'node:crypto';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * A row to insert, built and not yet run: its table and its values, as Drizzle's insert takes
 * them. A change's own rows (its audit row, the message it queues, an order's payment) are
 * these, so that they can run in the statement of the change itself (decisions 52 and 53).
 */
export interface RowInsert {
  table: PgTable;
  values: Record<string, unknown>;
  /** Columns whose value the statement itself works out (they take the place of `values`'). */
  computed?: Record<string, Computed>;
}

/**
 * A column's value worked out by the statement: its SQL text, its own values appended to
 * `params`. `from` is the CTE the row is selected from (`changed`), when it is one, so that a
 * row can take a value its change made: an order's number, drawn from its sequence in the
 * order's own insert, in the confirmation that names it (decision 55).
 */
export type Computed = (params: unknown[], from: string | undefined) => string;

export function rowInsert<T extends PgTable>(
  table: T,
  values: T['$inferInsert'],
  computed?: Partial<Record<keyof T['$inferInsert'] & string, Computed>>,
): RowInsert {
  return {
    table,
    values: values as Record<string, unknown>,
    ...(computed ? { computed: computed as Record<string, Computed> } : {}),
  };
}

/** A statement's text with its `$n` placeholders, and their values as the driver takes them. */
export interface Statement {
  sql: string;
  params: unknown[];
}

const columnsByTable = new WeakMap<PgTable, Record<string, PgColumn>>();
const columnsOf = (table: PgTable) => {
  let columns = columnsByTable.get(table);
  if (!columns) columnsByTable.set(table, (columns = getTableColumns(table)));
  return columns;
};

/**
 * The text of a row's insert, its values appended to `params` (numbered after those already
 * there): `values (…)`, or with `from` the name of a CTE of the same statement,
 * `select … from <from>`, which writes the row once for each row that CTE gives, so not at all
 * when the change it goes with matched nothing. As Drizzle's insert: a key that is no column
 * (an actor's name beside its audit columns) and an undefined value are left out, so those
 * columns take their defaults (all in the database: no table written here has a default made in
 * JavaScript), and each value goes through its column's own encoder. The text is written here
 * rather than by Drizzle's builder, which cost more CPU than the round trip saved (decision 53);
 * the table's and columns' names are plain snake_case, quoted as they are.
 */
export function insertText(row: RowInsert, params: unknown[], from?: string): string {
  const columns = columnsOf(row.table);
  const names: string[] = [];
  const slots: string[] = [];
  for (const key in row.values) {
    const value = row.values[key];
    const column = columns[key];
    if (!column || value === undefined || row.computed?.[key]) continue;
    names.push(`"${column.name}"`);
    if (value === null) slots.push('null');
    else slots.push(`$${params.push(column.mapToDriverValue(value))}`);
  }
  for (const key in row.computed) {
    names.push(`"${columns[key]!.name}"`);
    slots.push(row.computed[key]!(params, from));
  }
  const list = slots.join(', ');
  const rows = from ? `select ${list} from ${from}` : `values (${list})`;
  return `insert into "${getTableName(row.table)}" (${names.join(', ')}) ${rows}`;
}

/** A row's insert as a statement of its own, with `returning` when given (`returning id`). */
export function insertStatement(row: RowInsert, returning = ''): Statement {
  const params: unknown[] = [];
  return { sql: `${insertText(row, params)}${returning && ` ${returning}`}`, params };
}

/**
 * The start of a statement that makes a change and writes the rows that go with it:
 * `with changed as (<change>), alongside_1 as (insert … select … from changed), …`, each row
 * written once for each row the change gives (decision 53). One statement needs no transaction:
 * all of it is written or, on any error, none. The caller goes on with its own CTEs (after a
 * comma) or its final `select`, appending their values to `params`.
 */
export function changeAndRows(change: Statement, alongside: RowInsert[]): Statement {
  const params = [...change.params];
  const ctes = [`with changed as (${change.sql})`];
  alongside.forEach((row, i) =>
    ctes.push(`alongside_${i + 1} as (${insertText(row, params, 'changed')})`),
  );
  return { sql: ctes.join(', '), params };
}

/** A row as the driver gives it (columns by their database names), as Drizzle's select gives it. */
export function rowFromDriver<T extends PgTable>(
  table: T,
  raw: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columnsOf(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * Runs a statement prepared by name on its connection (decision 51), the name made from its
 * text: the statements a service writes most (a change with its rows and its live event) have
 * a few shapes, each parsed and planned once per connection instead of at every run.
 */
export async function runPrepared(
  ex: Executor,
  statement: Statement,
): Promise<Record<string, unknown>[]> {
  const name = `s_${createHash('sha1').update(statement.sql).digest('base64url').slice(0, 20)}`;
  const result = (await ex._.session.prepareQuery(statement, undefined, name, false).execute()) as {
    rows: Record<string, unknown>[];
  };
  return result.rows;
}
