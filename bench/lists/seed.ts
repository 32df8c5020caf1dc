/**
 * Seed data of the list benchmark (bench/api-lists.ts; issue 42 item 2): `n` wills, `n` hibahs, `n` amendments and
 * `n` payments in SQL (generate_series, deterministic: the same data every run) across 20 organisations of 3
 * branches each, 10 agents and 1 partner per organisation, and max(1,000, n / 2) clients, each client with an
 * active grant to their organisation (ADR 0101) so its partner and agents see their records. Dates spread over
 * the last two years, newest first by number; status mixes as a live system holds them (most wills registered,
 * a tenth awaiting verification; 1% soft-deleted). Ids carry a `b…` prefix (`bw42`, `bh42`, `bam42`, `bpy42`).
 * Money in sen.
 */
import type pg from 'pg';

/** The users the bench signs in as (ids; staff is the demo seed's `staff`). */
export const BENCH_USERS = { partner: 'bp1', agent: 'ba1', client: 'bc21' } as const;
/** The organisation the bench partner and agent belong to. */
export const BENCH_ORG = 'bo1';
const ORGS = 20;

/** Clients for `n` records. */
const clientsFor = (n: number) => Math.max(1000, Math.floor(n / 2));

/** A client's MyKad (12 digits, unique per client number `c`). */
export const mykadOf = (c: number) => `${String(800101 + (c % 300)).padStart(6, '0')}${String(c).padStart(6, '0')}`;

/**
 * The organisation number (1–20) of client `c` (an SQL expression): a hash, so that organisation, status and agent,
 * each taken from the record's number, are not correlated.
 */
const orgOf = (c: string) => `(1 + abs(hashint4(${c})) % ${ORGS})`;
/** A status bucket 0–19 of record `g`, independent of its client, organisation and agent. */
const bucket = `(abs(hashint4(g + 7919)) % 20)`;

/** Seed the people (organisations, branches, partners, agents, clients, grants). Once per database. */
export async function seedPeople(client: pg.Client, n: number) {
  const C = clientsFor(n);
  const orgType = (await client.query(`SELECT type FROM organizations WHERE code = 'DEMO'`)).rows[0]?.type ?? 'partner';
  await client.query(
    `INSERT INTO organizations (id, type, name, code) SELECT 'bo' || o, $1, 'Organisasi Bench ' || o, 'BENCH' || o
     FROM generate_series(1, ${ORGS}) o`,
    [orgType],
  );
  await client.query(`INSERT INTO branches (id, organization_id, branch_name)
    SELECT 'bb' || b, 'bo' || (1 + (b - 1) / 3), 'Cawangan ' || b FROM generate_series(1, ${ORGS * 3}) b`);
  await client.query(`INSERT INTO users (id, name, username, role)
    SELECT 'bp' || o, 'Rakan ' || o, 'benchpartner' || o, 'Partner' FROM generate_series(1, ${ORGS}) o
    UNION ALL SELECT 'ba' || a, 'Ejen ' || a, 'benchagent' || a, 'Agent' FROM generate_series(1, ${ORGS * 10}) a`);
  await client.query(`INSERT INTO user_accesses (id, user_id, organization_id, branch_id, role, status)
    SELECT 'buap' || o, 'bp' || o, 'bo' || o, 'bb' || (3 * o - 2), 'Partner', 1 FROM generate_series(1, ${ORGS}) o
    UNION ALL SELECT 'buaa' || a, 'ba' || a, 'bo' || (1 + (a - 1) / 10), 'bb' || (3 * ((a - 1) / 10) + 1 + a % 3), 'Agent', 1
    FROM generate_series(1, ${ORGS * 10}) a`);
  for (let from = 1; from <= C; from += 250_000) {
    const to = Math.min(C, from + 249_999);
    await client.query(
      `INSERT INTO users (id, name, username, role, ic_number)
       SELECT 'bc' || c, 'Pelanggan ' || c || ' binti ' || (ARRAY['Ahmad','Ismail','Hassan','Abdullah','Osman'])[1 + c % 5],
              'benchclient' || c, 'Client', lpad((800101 + c % 300)::text, 6, '0') || lpad(c::text, 6, '0')
       FROM generate_series($1::int, $2::int) c`,
      [from, to],
    );
    // client c belongs to organisation orgOf(c) (the same formula as the records below)
    await client.query(
      `INSERT INTO client_grants (id, client_id, organization_id, source, status, approved_at, approved_via)
       SELECT 'bg' || c, 'bc' || c, 'bo' || ${orgOf('c')}, 'registered', 'active', now(), 'registered'
       FROM generate_series($1::int, $2::int) c`,
      [from, to],
    );
  }
}

/**
 * The records numbered from..to of each kind. Record g belongs to client 1 + g % C, to that client's
 * organisation, to one of its branches and (two in three) to one of its agents; g = 1 is the newest.
 */
export async function seedRecords(client: pg.Client, n: number, from: number, to: number) {
  const C = clientsFor(n);
  // ~two years back, evenly; the same minute step whatever the size, so a date range holds n-proportional rows
  const minutes = `(g::bigint * 1051200 / ${n})`;
  const cl = `(1 + g % ${C})`;
  const org = orgOf(cl);
  const agent = `CASE WHEN g % 3 <> 0 THEN 'ba' || ((${org} - 1) * 10 + 1 + g % 10) END`;
  const branch = `'bb' || (3 * (${org} - 1) + 1 + g % 3)`;
  const at = `now() - make_interval(mins => ${minutes}::int)`;
  const args = [from, to];
  await client.query(
    `INSERT INTO wills (id, user_id, created_by, agent_id, organization_id, branch_id, status, plan, wasiat_type,
                        price_sen, wasiat_no, created_at, updated_at, deleted_at)
     SELECT 'bw' || g, 'bc' || ${cl}, COALESCE(${agent}, 'bc' || ${cl}), ${agent}, 'bo' || ${org}, ${branch},
            s, CASE WHEN g % 2 = 0 THEN 'basic' ELSE 'comprehensive' END, 1, 35000,
            CASE WHEN s = 2 THEN 'W' || to_char(${at}, 'YYYY') || '-' || lpad(g::text, 7, '0') END,
            ${at}, ${at}, CASE WHEN g % 100 = 99 THEN now() END
     FROM (SELECT g, CASE WHEN ${bucket} < 6 THEN 0 WHEN ${bucket} < 8 THEN 1 WHEN ${bucket} < 19 THEN 2 ELSE 3 END AS s
           FROM generate_series($1::int, $2::int) g) x`,
    args,
  );
  await client.query(
    `INSERT INTO hibahs (id, hibah_type, user_id, created_by, agent_id, organization_id, branch_id, status,
                         created_at, updated_at, deleted_at)
     SELECT 'bh' || g, 1 + g % 11, 'bc' || ${cl}, COALESCE(${agent}, 'bc' || ${cl}), ${agent}, 'bo' || ${org},
            ${branch},
            CASE WHEN ${bucket} = 0 THEN -1 WHEN ${bucket} < 4 THEN 0 WHEN ${bucket} < 6 THEN 1 WHEN ${bucket} < 8 THEN 2
                 WHEN ${bucket} < 10 THEN 3 WHEN ${bucket} < 12 THEN 4 ELSE 5 END,
            ${at}, ${at}, CASE WHEN g % 100 = 99 THEN now() END
     FROM generate_series($1::int, $2::int) g`,
    args,
  );
  // amendments of the same-numbered will (7 in 10) or hibah: same client and organisation
  await client.query(
    `INSERT INTO amendments (id, amendmentable_type, amendmentable_id, user_id, organization_id, reference_no, status,
                             applied_at, created_at, updated_at)
     SELECT 'bam' || g, CASE WHEN g % 10 < 7 THEN 'Wasiat' ELSE 'Hibah' END,
            CASE WHEN g % 10 < 7 THEN 'bw' ELSE 'bh' END || g, 'bc' || ${cl}, 'bo' || ${org},
            'P' || to_char(${at}, 'YYYY') || '-' || lpad(g::text, 7, '0'),
            CASE WHEN ${bucket} < 4 THEN 0 WHEN ${bucket} < 7 THEN 1 WHEN ${bucket} < 15 THEN 2 WHEN ${bucket} < 17 THEN 3
                 WHEN ${bucket} < 19 THEN 4 ELSE 5 END,
            ${at}, ${at}, ${at}
     FROM generate_series($1::int, $2::int) g`,
    args,
  );
  // payments of the same-numbered will: options 1–5 evenly; 7 in 10 paid, 2 pending, 1 failed
  await client.query(
    `INSERT INTO payments (id, paymentable_type, paymentable_id, payment_options_id, amount_sen, status, paid_at,
                           organization_id, created_by, created_at, updated_at)
     SELECT 'bpy' || g, 'Wasiat', 'bw' || g, 1 + g % 5, 35000,
            CASE WHEN ${bucket} < 14 THEN 'paid' WHEN ${bucket} < 18 THEN 'pending' ELSE 'failed' END,
            CASE WHEN ${bucket} < 14 THEN ${at} END, 'bo' || ${org}, 'bc' || ${cl}, ${at}, ${at}
     FROM generate_series($1::int, $2::int) g`,
    args,
  );
}
