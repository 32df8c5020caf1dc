/**
 * The list of institutions a bequest may go to (issue 41 item 7; ADR 0268), over HTTP on a real database (PGlite,
 * or PostgreSQL with DATABASE_URL): the councils seeded by migration 0047 with their establishing law; staff add,
 * edit, deactivate and reactivate institutions, each change audited; the registration rule by kind and the
 * duplicate refusal, by field and in the request language; every signed-in user reads the active ones only; any
 * other role is refused every write and changes nothing; a deactivated institution is a 404 to them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, institutions } from '../../db/schema/index.ts';
import { ok } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
let officer: string;
let admin: string;
let client: string;
let agent: string;
let partner: string;

beforeAll(async () => {
  t = await makeTestApp();
  [staff, officer, admin, client, agent, partner] = [
    await t.login('staff'),
    await t.login('officer'),
    await t.login('admin'),
    await t.login('client'),
    await t.login('agent'),
    await t.login('partner'),
  ];
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const charity = (over: Record<string, unknown> = {}) => ({
  kind: 'charity',
  name: 'Pertubuhan Kebajikan Anak Yatim Ujian',
  registration_no: 'PPM-001-10-12345678',
  registered_under: 'Akta Pertubuhan 1966',
  state: 'Selangor',
  email: 'urusetia@example.org',
  phone: '03-1234 5678',
  address: 'No. 1, Jalan Ujian, Shah Alam',
  ...over,
});

describe('the list of institutions', () => {
  it('starts with the state Islamic religious councils seeded with the law that establishes them', async () => {
    const list = (await ok(t.call('GET', '/api/institution?kind=council', { token: client }))).institutions;
    const mais = list.find((i: any) => i.name === 'Majlis Agama Islam Selangor (MAIS)');
    expect(mais).toMatchObject({
      kind: 'council',
      state: 'Selangor',
      registered_under: 'Enakmen Pentadbiran Agama Islam (Negeri Selangor) 2003 [En. 1/2003], s. 4',
      registration_no: null,
      active: true,
    });
    expect(list.map((i: any) => i.name)).toContain('Majlis Agama Islam Wilayah Persekutuan (MAIWP)');
    const found = (await ok(t.call('GET', '/api/institution?q=wilayah', { token: client }))).institutions;
    expect(found.map((i: any) => i.state)).toEqual(['W.P. Kuala Lumpur']);
  });

  it('staff add, edit, deactivate and reactivate an institution, each change audited', async () => {
    const created = (await ok(t.call('POST', '/api/institution', { token: staff, body: charity() }), 201)).institution;
    expect(created).toMatchObject({ ...charity({ phone: '0312345678' }), active: true });
    const current = charity({ phone: '03-8888 1111', email: null });
    const edited = (await ok(t.call('PATCH', `/api/institution/${created.id}`, { token: officer, body: current })))
      .institution;
    expect(edited).toMatchObject({ phone: '0388881111', email: null, active: true });
    // A client sees it while active …
    expect((await ok(t.call('GET', `/api/institution/${created.id}`, { token: client }))).institution.name).toBe(
      'Pertubuhan Kebajikan Anak Yatim Ujian',
    );
    const off = (
      await ok(t.call('PATCH', `/api/institution/${created.id}`, { token: admin, body: { ...current, active: false } }))
    ).institution;
    expect(off.active).toBe(false);
    // … and no longer once deactivated: not listed, and a 404 when asked for; staff still see it.
    const clientList = (await ok(t.call('GET', '/api/institution?include_inactive=1', { token: client }))).institutions;
    expect(clientList.map((i: any) => i.id)).not.toContain(created.id);
    expect((await t.call('GET', `/api/institution/${created.id}`, { token: client })).status).toBe(404);
    const staffList = (await ok(t.call('GET', '/api/institution?include_inactive=1', { token: staff }))).institutions;
    expect(staffList.find((i: any) => i.id === created.id)).toMatchObject({ active: false });
    expect(
      (await ok(t.call('GET', '/api/institution', { token: staff }))).institutions.map((i: any) => i.id),
    ).not.toContain(created.id);
    await ok(t.call('PATCH', `/api/institution/${created.id}`, { token: staff, body: { ...current, active: true } }));

    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'Institution'), eq(audit_events.entity_id, created.id)))
      .orderBy(audit_events.seq);
    expect(events.map((e) => e.action)).toEqual([
      'institution.create',
      'institution.update',
      'institution.deactivate',
      'institution.activate',
    ]);
    expect(events[1].before).toMatchObject({ phone: '0312345678' });
    expect(events[1].after).toMatchObject({ phone: '0388881111' });
  });

  it('asks a council for its enactment and every other kind for its number, and refuses a duplicate, by field', async () => {
    const council = await t.call('POST', '/api/institution', {
      token: staff,
      lang: 'ms',
      body: { kind: 'council', name: 'Majlis Ujian', registration_no: '123' },
    });
    expect(council.status).toBe(422);
    expect(council.body.errors).toEqual({
      registered_under: ['Masukkan enakmen atau Akta, dan seksyennya, yang menubuhkan majlis ini.'],
    });
    const mosque = await t.call('POST', '/api/institution', {
      token: staff,
      body: { kind: 'mosque', name: 'Masjid Ujian', registered_under: 'Kaedah-Kaedah Masjid' },
    });
    expect(mosque.status).toBe(422);
    expect(Object.keys(mosque.body.errors)).toEqual(['registration_no']);
    expect(mosque.body.errors.registration_no[0]).toMatch(/^Enter the registration number/);
    const kind = await t.call('POST', '/api/institution', { token: staff, body: charity({ kind: 'temple' }) });
    expect(Object.keys(kind.body.errors)).toEqual(['kind']);

    await ok(t.call('POST', '/api/institution', { token: staff, body: charity({ name: 'Wakaf Ujian Dua' }) }), 201);
    const dup = await t.call('POST', '/api/institution', {
      token: staff,
      body: charity({ name: 'WAKAF UJIAN DUA' }),
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toEqual(['An institution with this name and registration is already in the list.']);
  });

  it('refuses every write to any role that does not keep the list, and changes nothing', async () => {
    const [mais] = await t.ctx.db.select().from(institutions).where(eq(institutions.id, 'inst-seed-mais'));
    for (const token of [client, agent, partner]) {
      const add = await t.call('POST', '/api/institution', { token, body: charity({ name: 'Tidak Boleh' }) });
      expect(add.status).toBe(403);
      const edit = await t.call('PATCH', '/api/institution/inst-seed-mais', {
        token,
        body: { kind: 'council', name: 'Diubah', registered_under: 'x', active: false },
      });
      expect(edit.status).toBe(403);
    }
    expect((await t.call('PATCH', '/api/institution/no-such-id', { token: staff, body: charity() })).status).toBe(404);
    const [after] = await t.ctx.db.select().from(institutions).where(eq(institutions.id, 'inst-seed-mais'));
    expect(after).toEqual(mais);
    expect(await t.ctx.db.select().from(institutions).where(eq(institutions.name, 'Tidak Boleh'))).toEqual([]);
    expect((await t.call('GET', '/api/institution')).status).toBe(401);
  });
});
