/**
 * Fixtures of the harta sepencarian tests (ADRs 0286, 0290): a comprehensive will with parts a–d done whose heirs
 * are a wife and a son, and an immovable property body (RM 600,000 land) of a will.
 */
import type { TestApp } from '../../../test/harness.ts';
import { heir, newClient, ok, orgAndBranch, PNG_A, PNG_B, passEkyc, pay, userDetail } from './test-fixtures.ts';

/** Ringgit in sen. */
export const RM = (r: number) => r * 100;

/** A comprehensive will with parts a–d done (a wife and a son as heirs), owned by a fresh (male) client. */
export async function comprehensiveWill(t: TestApp) {
  const c = await newClient(t);
  const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, {
      token: c.token,
      body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'comprehensive' },
    }),
  );
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token: c.token, body: userDetail(c.ic) }));
  for (const type of ['mykad-front', 'mykad-back']) {
    await ok(
      t.call('POST', `/api/wasiat/${w.id}/document`, {
        token: c.token,
        body: { type, document: type === 'mykad-front' ? PNG_A : PNG_B },
      }),
      201,
    );
  }
  await passEkyc(t, w.id);
  const wife = await ok(
    t.call('POST', '/api/heir', { token: c.token, body: heir(w.id, { ic_number: '800101145552' }) }),
    201,
  );
  const son = await ok(
    t.call('POST', '/api/heir', {
      token: c.token,
      body: heir(w.id, { name: 'Ali bin Ahmad', relationship: 'son', ic_number: '100101145551' }),
    }),
    201,
  );
  return { token: c.token, id: w.id as string, wifeId: wife.heir.id as string, sonId: son.heir.id as string };
}

/** The body of RM 600,000 land of will `willId` (POST /api/immoveable-property), with `over` applied. */
export const landOf = (willId: string, over: Record<string, unknown> = {}) => ({
  immoveable_type: 'Wasiat',
  immoveable_id: willId,
  category: 'land',
  property_type: 'geran',
  property_no: 'GRN 5555',
  lot_number: '45',
  city: 'Shah Alam',
  district: 'Petaling',
  state: 'Selangor',
  address: 'Lot 45, Jalan Kebun',
  value_sen: RM(600_000),
  value_estimated_on: '2026-01-15',
  ...over,
});
