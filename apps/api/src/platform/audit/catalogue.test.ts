/**
 * Nothing raw in the record history (issue 17 item 9; ADR 0159): every audit action the API can write and
 * every field the shown records' events carry has a Malay and an English label in the one catalogue
 * (packages/domain/src/audit-catalogue.ts).
 *
 * 1. The source walk: every audit call in `apps/api/src` (and the amendment transitions of the domain) is
 *    read, its action literals collected, and each must be catalogued.
 * 2. The journey walk: a will is filled in (every part), signed and submitted through the API, then every
 *    event written is checked: its action and each changed field of a will, hibah or amendment event have
 *    both labels.
 * 3. The tables: every column of `wills`, `hibahs` and `amendments` is labelled or explicitly hidden.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  AMENDMENT_TRANSITIONS,
  AUDIT_ACTIONS,
  AUDIT_FIELDS,
  AUDIT_HIDDEN_FIELDS,
  auditActionLabel,
  auditChangedFields,
  auditFieldLabel,
} from '@wasiat/domain';
import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { amendments, audit_events, hibahs, wills } from '../../db/schema/index.ts';
import { newClient, ok, readyWill } from '../../modules/wills/test-fixtures.ts';
import { recordAudit } from './audit.ts';

const SRC = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.includes('test-fixtures') ? [p] : [];
  });
}

/** The text of each call `name(` … `)` in `text` (balanced parentheses). */
function callsOf(text: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(name)) {
    let depth = 0;
    const start = (m.index ?? 0) + m[0].length - 1;
    for (let i = start; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        out.push(text.slice(start, i + 1));
        break;
      }
    }
  }
  return out;
}

const ACTION_LITERAL = /'([A-Za-z_]+(?:\.[a-z_]+)+)'/g;

/** Every action literal of the audit calls of the API's source, and the actions built from row kinds. */
function actionsInSource() {
  const found = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    if (!/\b(recordAudit|audit)\(/.test(text)) continue;
    const calls = callsOf(text, /(?<!function )\b(?:recordAudit|audit)\(/g);
    // actions chosen before the call (`let action …; action = '…'`) and the `action:` of wrappers' callers
    const assigned = [...text.matchAll(/\baction\s*[:=]\s*([^;,\n]+)/g)].map((m) => m[1]);
    for (const chunk of [...calls, ...assigned])
      for (const m of chunk.matchAll(ACTION_LITERAL)) {
        // file names (`.pdf`), entity types and paths are not actions
        if (!/\.(ts|pdf|png|jpg|xlsx|csv)$/.test(m[1])) found.set(m[1], file.slice(SRC.length + 1));
      }
    // row kinds whose actions are `<entity>.create|update|delete` (wills/owned.ts, hibah/children.ts)
    const prefix =
      file.endsWith(join('hibah', 'parties.ts')) || file.endsWith(join('hibah', 'property.ts')) ? 'hibah.' : '';
    if (/wills[/\\](people|property)-service\.ts$|hibah[/\\](parties|property)\.ts$/.test(file))
      for (const m of text.matchAll(/\bentity: '([A-Za-z]+)'/g))
        for (const op of ['create', 'update', 'delete'])
          found.set(`${prefix}${m[1]}.${op}`, file.slice(SRC.length + 1));
  }
  for (const tr of AMENDMENT_TRANSITIONS) found.set(tr.action, 'packages/domain/src/amendments.ts');
  return found;
}

describe('audit catalogue', () => {
  it('labels every action and field in Malay and English, never with the key itself', () => {
    for (const [table, keys] of [
      ['actions', AUDIT_ACTIONS],
      ['fields', AUDIT_FIELDS],
    ] as const) {
      for (const [key, label] of Object.entries(keys)) {
        for (const lang of ['ms', 'en'] as const) {
          expect(label[lang].trim(), `${table} ${key} ${lang}`).not.toBe('');
          expect(label[lang], `${table} ${key} ${lang}`).not.toBe(key);
        }
      }
    }
  });

  it('has a label in both languages for every action an audit call of the source can write', () => {
    const found = actionsInSource();
    const missing = [...found].filter(
      ([a]) => auditActionLabel(a, 'ms') === null || auditActionLabel(a, 'en') === null,
    );
    expect(missing).toEqual([]);
    // the walk really read the calls (wills, hibah, payments, amendments, organisations, programmes…)
    expect(found.size).toBeGreaterThan(120);
    console.log(`audit catalogue: ${found.size} actions found in the source, 0 without a label`);
  });

  it('lists every column of the wills, hibahs and amendments tables (or hides it explicitly)', () => {
    const columns = [wills, hibahs, amendments].flatMap((tb) => Object.keys(getTableColumns(tb)));
    const unlabelled = columns.filter((c) => !AUDIT_HIDDEN_FIELDS.has(c) && auditFieldLabel(c, 'en') === null);
    expect(unlabelled).toEqual([]);
  });
});

describe('audit events written by the journeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    const c = await newClient(t);
    const willId = await readyWill(t, c);
    await ok(t.call('POST', `/api/wasiat/${willId}`, { token: c.token, body: { _method: 'PATCH', status: 1 } }));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives every written action, and every changed field of a will, hibah or amendment, both labels', async () => {
    const events = await t.ctx.db.select().from(audit_events);
    const shown = new Set(['Wasiat', 'Hibah', 'Amendment']);
    const rawActions = new Set<string>();
    const rawFields = new Set<string>();
    let fields = 0;
    for (const e of events) {
      if (auditActionLabel(e.action, 'ms') === null || auditActionLabel(e.action, 'en') === null)
        rawActions.add(e.action);
      if (!shown.has(e.entity_type)) continue;
      for (const f of auditChangedFields(e.before, e.after)) {
        fields++;
        if (auditFieldLabel(f, 'ms') === null || auditFieldLabel(f, 'en') === null) rawFields.add(`${e.action}: ${f}`);
      }
    }
    expect([...rawActions]).toEqual([]);
    expect([...rawFields]).toEqual([]);
    expect(new Set(events.map((e) => e.action)).size).toBeGreaterThan(8);
    console.log(
      `audit journeys: ${events.length} events, ${new Set(events.map((e) => e.action)).size} actions, ${fields} changed fields, 0 raw`,
    );
  });

  it('refuses to write an action outside the catalogue', async () => {
    await expect(
      recordAudit(t.ctx.db, { actorId: null, action: 'will.made_up' as never, entityType: 'Wasiat', entityId: 'x' }),
    ).rejects.toThrow(/not in the catalogue/);
  });
});
