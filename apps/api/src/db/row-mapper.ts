/**
 * Rows of a hot prepared select mapped by a plan made once, instead of drizzle's per-row `mapResultRow`
 * (issue 18 item 1; ADR 0200).
 *
 * drizzle maps each row of a select by walking its selected fields and, for every field of every row, testing
 * what kind of field it is (`is(field, Column)`, `SQL`, `Subquery`…), walking its path and bookkeeping which
 * joined tables came back all null. Under load that was ~7% of the CPU of `GET /api/wasiat/{id}` (a session row
 * is ~45 fields: the token, the 30 columns of its user, the access counts and the will's). The plan here makes
 * those decisions once per statement; a row is then one pass over an array: the same objects, keys in the same
 * order, each value decoded by the same column (`mapFromDriverValue`) or left as the driver gave it when its
 * decoder is the identity.
 *
 * Only for selects that drizzle would never turn an object to null: every table selected as an object comes from
 * the `FROM` or an inner join. A select with a left-joined table object is refused when the plan is made.
 */
import { Column, getTableName, is, SQL, Subquery, sql } from 'drizzle-orm';

/** A selected field as drizzle keeps it on a prepared query (`orderSelectedFields`). */
interface SelectedField {
  path: string[];
  field: unknown;
}
/** What a prepared select of drizzle's pg drivers (node-postgres, PGlite) holds for its rows' mapping. */
interface PreparedSelect {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The identity decoders: a plain column's and a raw `sql` fragment's. */
const IDENTITY = new Set<unknown>([
  (Column.prototype as unknown as Decoder).mapFromDriverValue,
  (sql`` as unknown as { decoder: Decoder }).decoder.mapFromDriverValue,
]);

/** A field's decoder, found as drizzle's `mapResultRow` finds it. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/** One step of a plan: open a nested object in `objects[parent]` under `key`, or set a value there. */
type Step =
  | { open: true; parent: number; key: string }
  | { open: false; parent: number; key: string; column: number; decoder: Decoder | null };

/**
 * The plan of one select's rows: for each field in order, the nested objects its path opens (the first time)
 * and the slot its value goes to.
 * @throws Error when a table selected as an object may be null (a left join): drizzle's nulling is not planned.
 */
function planOf(fields: SelectedField[], joins: Record<string, boolean> | undefined): Step[] {
  const steps: Step[] = [];
  const objects = new Map<string, number>([['', 0]]);
  fields.forEach(({ path, field }, column) => {
    if (path.length === 2 && is(field, Column) && joins && joins[getTableName(field.table)] === false) {
      throw new Error(`row-mapper: '${path[0]}' is a left-joined table; map it with drizzle`);
    }
    let parent = 0;
    for (let depth = 0; depth < path.length - 1; depth++) {
      const at = path.slice(0, depth + 1).join('\u0000');
      let index = objects.get(at);
      if (index === undefined) {
        index = objects.size;
        objects.set(at, index);
        steps.push({ open: true, parent, key: path[depth] });
      }
      parent = index;
    }
    const decoder = decoderOf(field);
    steps.push({
      open: false,
      parent,
      key: path[path.length - 1],
      column,
      decoder: IDENTITY.has(decoder.mapFromDriverValue) ? null : decoder,
    });
  });
  return steps;
}

/** Map one row (the driver's array of column values) by `steps`. */
function mapRow(steps: Step[], row: unknown[]): Record<string, unknown> {
  const objects: Record<string, unknown>[] = [{}];
  for (const s of steps) {
    if (s.open) {
      const o: Record<string, unknown> = {};
      objects[s.parent][s.key] = o;
      objects.push(o);
    } else {
      const raw = row[s.column];
      objects[s.parent][s.key] = raw === null || s.decoder === null ? raw : s.decoder.mapFromDriverValue(raw);
    }
  }
  return objects[0];
}

/**
 * Give a prepared select (`db.select(…).….prepare(name)`) rows mapped by a plan made now (module comment):
 * the same rows as drizzle's mapping, with less CPU per row.
 * @returns the same prepared query, for chaining.
 * @throws Error when the select has no fields or selects a left-joined table as an object.
 */
export function withPlannedRows<Q>(prepared: Q): Q {
  const q = prepared as unknown as PreparedSelect;
  if (!q.fields) throw new Error('row-mapper: not a prepared select');
  const steps = planOf(q.fields, q.joinsNotNullableMap);
  q.customResultMapper = (rows) => rows.map((row) => mapRow(steps, row));
  return prepared;
}
