/**
 * Copy a database's rows into an older schema and compare them after migrating (the test of migrations carrying a
 * database's data; issue 34 item 6, ADR 0293). Works on PGlite and PostgreSQL alike: every statement is plain SQL
 * through a `query(text, params) → rows` function; rows travel as JSON (`row_to_json` out,
 * `json_populate_recordset` in), so every type keeps its exact value (microseconds, bigint, jsonb, arrays, bytea).
 */

/** `query(text, params)` → rows, on either engine. */
export type Query = (text: string, params?: unknown[]) => Promise<any[]>;

export interface Column {
  name: string;
  generated: boolean;
  /** NOT NULL without a default: a row cannot be written without a value for it. */
  required: boolean;
}

/** Every base table of the `public` schema → its columns in order (views and the migrator's own schema left out). */
export async function tableColumns(q: Query): Promise<Map<string, Column[]>> {
  const rows = await q(`
    SELECT c.table_name, c.column_name, c.is_generated, c.is_nullable, c.column_default, c.is_identity
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`);
  const out = new Map<string, Column[]>();
  for (const r of rows) {
    const list = out.get(r.table_name) ?? [];
    list.push({
      name: r.column_name,
      generated: r.is_generated === 'ALWAYS',
      required: r.is_nullable === 'NO' && r.column_default === null && r.is_identity !== 'YES',
    });
    out.set(r.table_name, list);
  }
  return out;
}

/** Every table's primary-key columns, in key order (tables without one are absent). */
export async function primaryKeys(q: Query): Promise<Map<string, string[]>> {
  const rows = await q(`
    SELECT tc.table_name, kcu.column_name
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage kcu
      ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
     AND kcu.table_name = tc.table_name
    WHERE tc.table_schema = 'public' AND tc.constraint_type = 'PRIMARY KEY'
    ORDER BY tc.table_name, kcu.ordinal_position`);
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.table_name, [...(out.get(r.table_name) ?? []), r.column_name]);
  return out;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The rows of `table` (only `columns`) as parsed JSON objects. */
export async function rowsOf(q: Query, table: string, columns: string[]): Promise<Record<string, unknown>[]> {
  const [r] = await q(
    `SELECT coalesce(json_agg(row_to_json(x)), '[]'::json)::text AS j FROM (SELECT ${columns.map(ident).join(', ')} FROM ${ident(table)}) x`,
  );
  return JSON.parse(r.j);
}

/** What {@link copyRows} did: rows per table, and the older schema's required columns today's rows lack. */
export interface CopyReport {
  rows: Record<string, number>;
  /** Tables of the older schema that today's database does not have. */
  missingTables: string[];
  /** `table.column` of the older schema, NOT NULL without a default, absent today (a row cannot be copied). */
  unfillable: string[];
}

/**
 * Copy every row of `source` into `target` (an older schema): for each base table of the target, the columns
 * both have (generated columns left to the target). Triggers and foreign-key checks are off while copying (the
 * roll-ups kept by triggers are copied as rows), identity values kept, sequences set to the source's. `shapes`:
 * for a table whose older shape cannot be read off today's columns, a SELECT on the source giving its rows in the
 * older shape (column names of the target). Throws when a table has a column the target requires that the source
 * lacks and no shape is given (see {@link CopyReport.unfillable}).
 */
export async function copyRows(source: Query, target: Query, shapes: Record<string, string> = {}): Promise<CopyReport> {
  const [from, to] = [await tableColumns(source), await tableColumns(target)];
  const report: CopyReport = { rows: {}, missingTables: [], unfillable: [] };
  for (const [table, cols] of to) {
    const have = from.get(table);
    if (shapes[table]) continue;
    if (!have) {
      report.missingTables.push(table);
      continue;
    }
    const names = new Set(have.map((c) => c.name));
    for (const c of cols) if (!names.has(c.name) && c.required) report.unfillable.push(`${table}.${c.name}`);
  }
  if (report.unfillable.length) throw new Error(`cannot copy: ${report.unfillable.join(', ')} required, absent today`);
  for (const table of to.keys()) await target(`ALTER TABLE ${ident(table)} DISABLE TRIGGER ALL`);
  for (const [table, cols] of to) {
    const have = shapes[table] ? [] : from.get(table);
    if (!have) continue;
    let select = shapes[table];
    let names = new Set(have.filter((c) => !c.generated).map((c) => c.name));
    if (select)
      names = new Set(Object.keys((await source(`SELECT row_to_json(x) AS r FROM (${select}) x LIMIT 1`))[0]?.r ?? {}));
    const common = cols.filter((c) => !c.generated && names.has(c.name)).map((c) => ident(c.name));
    if (!common.length) continue;
    select ??= `SELECT ${common.join(', ')} FROM ${ident(table)}`;
    const [{ j }] = await source(`SELECT coalesce(json_agg(row_to_json(x)), '[]'::json)::text AS j FROM (${select}) x`);
    const list = common.join(', ');
    await target(
      `INSERT INTO ${ident(table)} (${list}) OVERRIDING SYSTEM VALUE
       SELECT ${list} FROM json_populate_recordset(null::${ident(table)}, $1::text::json)`,
      [j],
    );
    report.rows[table] = (await target(`SELECT count(*)::int AS n FROM ${ident(table)}`))[0].n;
  }
  for (const table of to.keys()) await target(`ALTER TABLE ${ident(table)} ENABLE TRIGGER ALL`);
  const wanted = new Set(
    (await target(`SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'`)).map((r) => r.sequencename),
  );
  for (const s of await source(
    `SELECT sequencename, last_value::text AS v FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL`,
  )) {
    if (wanted.has(s.sequencename))
      await target(`SELECT setval($1::text::regclass, $2::text::bigint)`, [s.sequencename, s.v]);
  }
  return report;
}

/** Every table's rows keyed by primary key (or by the whole row when it has none), for {@link differences}. */
export type Snapshot = Map<string, { columns: string[]; rows: Map<string, Record<string, unknown>> }>;

/** The rows of every base table of `q`. */
export async function snapshot(q: Query): Promise<Snapshot> {
  const [cols, keys] = [await tableColumns(q), await primaryKeys(q)];
  const out: Snapshot = new Map();
  for (const [table, list] of cols) {
    const columns = list.map((c) => c.name);
    const key = keys.get(table);
    const rows = new Map<string, Record<string, unknown>>();
    for (const r of await rowsOf(q, table, columns)) {
      rows.set(JSON.stringify(key ? key.map((k) => r[k]) : r), r);
    }
    out.set(table, { columns, rows });
  }
  return out;
}

/**
 * How `after` fails to carry `before`: every table of `before` must still be there, every row (by primary key)
 * present, and every column that still exists hold the same value (JSON equality: an integer widened to bigint
 * is the same number). `skip` names tables a migration rebuilds on purpose, checked by the caller instead.
 * @returns one line per difference (empty when everything is carried).
 */
export function differences(before: Snapshot, after: Snapshot, skip: string[] = []): string[] {
  const out: string[] = [];
  for (const [table, b] of before) {
    if (skip.includes(table)) continue;
    const a = after.get(table);
    if (!a) {
      out.push(`${table}: table gone (${b.rows.size} rows)`);
      continue;
    }
    const kept = b.columns.filter((c) => a.columns.includes(c));
    for (const c of b.columns) if (!a.columns.includes(c)) out.push(`${table}.${c}: column gone`);
    for (const [key, row] of b.rows) {
      const now = a.rows.get(key);
      if (!now) {
        out.push(`${table} ${key}: row gone`);
        continue;
      }
      for (const c of kept) {
        if (JSON.stringify(row[c]) !== JSON.stringify(now[c])) {
          out.push(`${table} ${key}.${c}: ${JSON.stringify(row[c])} → ${JSON.stringify(now[c])}`);
        }
      }
    }
  }
  return out;
}
