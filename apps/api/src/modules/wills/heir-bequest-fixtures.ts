/**
 * Test fixture of issue 17 item 5: a comprehensive will, driven over HTTP, whose testator (male) leaves a
 * wife, a minor son and a minor daughter (the children without mobile numbers, item 6) and gives the wife 50%
 * of a bank account and 60% of Tabung Haji savings, the son the other 50% of the account and the daughter the
 * other 40% of the savings. Faraid: wife 1/8, son 7/12, daughter 7/24 — so the wife's two shares and the
 * daughter's are bequests to heirs. Everything else of parts a–g is done; a verified "will-submit" OTP is held.
 */
import type { TestApp } from '../../../test/harness.ts';
import {
  type Client,
  heir,
  JPEG_A,
  ok,
  orgAndBranch,
  PNG_A,
  passEkyc,
  pay,
  SIGNATURE_PNG,
  userDetail,
  verifiedSubmitOtp,
  witness,
} from './test-fixtures.ts';

/** The heirs' MyKads: the wife born 1982 (even: female), the son 2010 (odd), the daughter 2012 (even). */
export const WIFE_IC = '820202105552';
export const SON_IC = '100505145553';
export const DAUGHTER_IC = '120606145554';

/** Build the will (see the module comment). @returns its id and the ids of its heirs and properties. */
export async function willWithHeirBequests(t: TestApp, c: Client) {
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  const id = w.id as string;
  await ok(
    t.call('POST', `/api/wasiat/${id}`, {
      token,
      body: { _method: 'PATCH', ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'comprehensive' },
    }),
  );
  await pay(t, id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${id}/user-detail`, { token, body: { _method: 'PATCH', ...userDetail(c.ic) } }));
  for (const [type, doc] of [
    ['mykad-front', PNG_A],
    ['mykad-back', JPEG_A],
  ]) {
    await ok(
      t.call('POST', `/api/wasiat/${id}/document`, { token, body: { is_base64: true, type, document: doc } }),
      201,
    );
  }
  await passEkyc(t, id);
  const wife = (
    await ok(
      t.call('POST', '/api/heir', { token, body: heir(id, { name: 'Siti binti Ahmad', ic_number: WIFE_IC }) }),
      201,
    )
  ).heir;
  const son = (
    await ok(
      t.call('POST', '/api/heir', {
        token,
        body: heir(id, { name: 'Umar bin Ahmad', relationship: 'son', ic_number: SON_IC, mobile_number: '' }),
      }),
      201,
    )
  ).heir;
  const daughter = (
    await ok(
      t.call('POST', '/api/heir', {
        token,
        body: heir(id, { name: 'Aisyah binti Ahmad', relationship: 'son', ic_number: DAUGHTER_IC, mobile_number: '' }),
      }),
      201,
    )
  ).heir;
  const receiver = async (h: { name: string; relationship: string; ic_number: string }) =>
    (
      await ok(
        t.call('POST', '/api/receiver', {
          token,
          body: {
            receivable_type: 'Wasiat',
            receivable_id: id,
            name: h.name,
            relationship: h.relationship,
            ic_number: h.ic_number,
          },
        }),
        201,
      )
    ).receiver.id as string;
  const [rWife, rSon, rDaughter] = [await receiver(wife), await receiver(son), await receiver(daughter)];
  const moveable = async (body: Record<string, unknown>) =>
    (
      await ok(
        t.call('POST', '/api/moveable-property', {
          token,
          body: {
            moveable_type: 'Wasiat',
            moveable_id: id,
            value_sen: 10_000_000,
            value_estimated_on: '2026-01-15',
            ...body,
          },
        }),
        201,
      )
    ).moveable_property.id as string;
  const bank = await moveable({ property_type: 'bank', institution_name: 'Bank Islam', account_number: '1234567890' });
  const tabungHaji = await moveable({
    property_type: 'savings',
    institution_name: 'Lembaga Tabung Haji',
    account_number: '0778899',
  });
  const share = (pid: string, receiver_id: string, portion: string) =>
    ok(
      t.call('POST', '/api/property-receiver', {
        token,
        body: { receiver_id, portion, propertyable_type: 'MoveableProperty', propertyable_id: pid },
      }),
      201,
    );
  await share(bank, rWife, '50%');
  await share(bank, rSon, '50%');
  await share(tabungHaji, rWife, '60%');
  await share(tabungHaji, rDaughter, '40%');
  await ok(
    t.call('POST', `/api/wasiat/${id}/signature`, { token, body: { is_base64: true, document: SIGNATURE_PNG } }),
  );
  await ok(
    t.call('POST', `/api/wasiat/${id}`, {
      token,
      body: { _method: 'PATCH', acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    }),
  );
  await ok(t.call('POST', '/api/witness', { token, body: witness(id, { signature: SIGNATURE_PNG }) }), 201);
  await ok(
    t.call('POST', '/api/witness', { token, body: witness(id, { name: 'Saksi Dua', signature: SIGNATURE_PNG }) }),
    201,
  );
  await verifiedSubmitOtp(t, c.id, id);
  return {
    id,
    heirs: { wife: wife.id as string, son: son.id as string, daughter: daughter.id as string },
    receivers: { wife: rWife, son: rSon, daughter: rDaughter },
    properties: { bank, tabungHaji },
  };
}
