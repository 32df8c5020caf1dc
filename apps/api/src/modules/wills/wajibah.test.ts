/**
 * A will's predeceased children and the wasiat wajibah of their children (issue 41 item 6; ADR 0270) over HTTP on
 * the real database. The worked example is the domain test's first (al-Maktaba al-Shamela book 384 p. 7524: father,
 * mother, three sons and the daughter of a predeceased son; the son deemed alive takes 1/6), on an estate of
 * RM108,000 governed by Selangor law (Enakmen Wasiat Orang Islam (Selangor) 1999 s.27).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events } from '../../db/schema/index.ts';
import {
  heir,
  newClient,
  newMykad,
  ok,
  orgAndBranch,
  PNG_A,
  PNG_B,
  passEkyc,
  pay,
  userDetail,
} from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A comprehensive will of a male testator in Selangor with parts a–d done: father, mother and three sons. */
async function will() {
  const c = await newClient(t);
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, {
      token,
      body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'comprehensive' },
    }),
  );
  await pay(t, w.id, 'paid');
  const detail = userDetail(c.ic, { permanent_state: 'Selangor', correspondence_state: 'Selangor' });
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: detail }));
  for (const [type, document] of [
    ['mykad-front', PNG_A],
    ['mykad-back', PNG_B],
  ]) {
    await ok(t.call('POST', `/api/wasiat/${w.id}/document`, { token, body: { type, document } }), 201);
  }
  await passEkyc(t, w.id);
  const add = (over: Record<string, unknown>) =>
    ok(t.call('POST', '/api/heir', { token, body: heir(w.id, over) }), 201);
  await add({ name: 'Abdullah bin Hassan', relationship: 'father' });
  await add({ name: 'Fatimah binti Ali', relationship: 'mother' });
  for (const name of ['Umar bin Ahmad', 'Uthman bin Ahmad', 'Ali bin Ahmad'])
    await add({ name, relationship: 'son', ic_number: newMykad(true) });
  return { c, token, id: w.id as string };
}

const predeceased = (died_on = '2020-05-01') => ({
  children: [
    {
      name: 'Hassan bin Ahmad',
      sex: 'male',
      died_on,
      children: [{ name: 'Aisyah binti Hassan', sex: 'female' }],
    },
  ],
});

describe('predeceased children and wasiat wajibah', () => {
  it('stores the children, works out the obligatory bequest on the estate, and completes a lesser bequest', async () => {
    const { token, id } = await will();
    const empty = await ok(t.call('GET', `/api/wasiat/${id}/wasiat-wajibah`, { token }));
    expect(empty).toEqual({ predeceased_children: [], state: 'Selangor', net_sen: null, wasiat_wajibah: null });

    const saved = await ok(t.call('PUT', `/api/wasiat/${id}/predeceased-children`, { token, body: predeceased() }));
    expect(saved.predeceased_children).toEqual([
      {
        id: expect.any(String),
        name: 'Hassan bin Ahmad',
        sex: 'male',
        died_on: '2020-05-01',
        children: [{ name: 'Aisyah binti Hassan', sex: 'female', ic_number: null }],
      },
    ]);
    // No estate figure yet: nothing to work out.
    expect(saved.wasiat_wajibah).toBeNull();

    await ok(t.call('PATCH', `/api/wasiat/${id}`, { token, body: { estimated_estate_sen: 10_800_000 } }));
    await ok(
      t.call('POST', '/api/bequest', {
        token,
        body: { wasiat_id: id, beneficiary_name: 'Aisyah binti Hassan', portion: '5%' },
      }),
      201,
    );
    const r = (await ok(t.call('GET', `/api/wasiat/${id}/wasiat-wajibah`, { token }))).wasiat_wajibah;
    expect(r).toMatchObject({
      state: 'Selangor',
      provision: { state: 'Selangor', section: '27', lineage: 'son' },
      capped: false,
      cap_sen: 3_600_000,
      total_due_sen: 1_260_000,
      faraid_estate_sen: 9_000_000,
      faraid: { amounts: { son: 6_000_000, father: 1_500_000, mother: 1_500_000 } },
    });
    expect(r.lines).toEqual([
      {
        name: 'Hassan bin Ahmad',
        sex: 'male',
        status: 'entitled',
        parent_share: '1/6',
        share: '1/6',
        due_sen: 1_260_000,
        grandchildren: [
          {
            name: 'Aisyah binti Hassan',
            sex: 'female',
            entitled_sen: 1_800_000,
            given_sen: 540_000,
            due_sen: 1_260_000,
          },
        ],
      },
    ]);

    // Another state's law (none recorded): the line takes nothing by wasiat wajibah.
    await ok(t.call('PUT', `/api/wasiat/${id}/governing-law`, { token, body: { state: 'Johor' } }));
    const johor = (await ok(t.call('GET', `/api/wasiat/${id}/wasiat-wajibah`, { token }))).wasiat_wajibah;
    expect(johor).toMatchObject({ state: 'Johor', provision: null, total_due_sen: 0 });
    expect(johor.lines[0].status).toBe('no_provision');

    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'will.predeceased_children'), eq(audit_events.entity_id, id)));
    expect(events).toHaveLength(1);
    expect(events[0].after).toMatchObject({ predeceased_children: [{ name: 'Hassan bin Ahmad' }] });

    // An empty list clears it.
    const cleared = await ok(
      t.call('PUT', `/api/wasiat/${id}/predeceased-children`, { token, body: { children: [] } }),
    );
    expect(cleared.predeceased_children).toEqual([]);
  });

  it('refuses a date of death after today, naming the field in the caller language', async () => {
    const { token, id } = await will();
    for (const [lang, text] of [
      ['en', 'The date of death cannot be later than today.'],
      ['ms', 'Tarikh kematian tidak boleh selepas hari ini.'],
    ] as const) {
      const r = await t.call('PUT', `/api/wasiat/${id}/predeceased-children`, {
        token,
        lang,
        body: predeceased('2999-01-01'),
      });
      expect(r.status).toBe(422);
      expect(JSON.stringify(r.body)).toContain('children.0.died_on');
      expect(JSON.stringify(r.body)).toContain(text);
    }
  });

  it("another client's will is 404 to read and to change", async () => {
    const { id } = await will();
    const other = await newClient(t);
    expect((await t.call('GET', `/api/wasiat/${id}/wasiat-wajibah`, { token: other.token })).status).toBe(404);
    const put = await t.call('PUT', `/api/wasiat/${id}/predeceased-children`, {
      token: other.token,
      body: predeceased(),
    });
    expect(put.status).toBe(404);
  });
});
