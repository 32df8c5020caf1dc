/**
 * Preconditions of the hibah journeys made through the API, as the trust wizard makes them
 * (docs/api/hibah.md): a property hibah of a new client with an adult receiver and a minor receiver whose
 * caretaker (penjaga) may have an allowance, a land title shared 50/50, paid (cash, confirmed by the
 * accountant), signed, two witnesses, the grantor's MyKad and eKYC, submitted with a one-time code, approved
 * by staff and its draft accepted with another code ({@link hibahAwaitingReceivers}); then the receivers'
 * acceptance and the witnesses' confirmation by link up to registration ({@link completeRegistration}).
 * The journeys do in the browser only the steps they are about.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect } from '@playwright/test';
import { MYKAD_BACK, MYKAD_FRONT, newClient, newMykad, SELFIE, uniqueTag } from './data.ts';
import { mailTo } from './mail.ts';
import { apiHeaders, apiLogin, signUpByApi } from './ui.ts';

/** A drawn signature (1×1 opaque near-black PNG), as the signature pad would send. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWPg4uICAABAAB8LnNWkAAAAAElFTkSuQmCC';

/** One API call as the product's client makes it; fails the test unless 2xx. → the JSON body. */
export async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: object,
) {
  const res =
    method === 'GET'
      ? await request.get(path, { headers: apiHeaders(token) })
      : await request.post(path, { headers: apiHeaders(token), data: data ?? {} });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

const usedCodes = new Set<string>();
/** The code ("… ialah 123456") of the newest mail to `to` whose text contains `marker`, not used before. */
export async function codeInMail(to: string, marker: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const raw = await mailTo(to);
      const m = raw.includes(marker) ? /ialah (\d{6})/.exec(raw) : null;
      code = m?.[1] && !usedCodes.has(m[1]) ? m[1] : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  usedCodes.add(code);
  return code;
}

/** Request and verify the grantor's one-time code of `purpose` for the hibah (the code from the mail). */
export async function grantorCode(
  request: APIRequestContext,
  token: string,
  email: string,
  hibahId: string,
  purpose: 'hibah-submit' | 'hibah-finalise',
) {
  await call(request, token, 'POST', '/api/otp/request', { purpose, hibah_id: hibahId });
  const code = await codeInMail(email, 'Kod pengesahan');
  await call(request, token, 'POST', '/api/otp/verify', { code, purpose, hibah_id: hibahId });
}

export const ADDRESS = { address: 'No. 8, Jalan Seroja', postcode: '43000', city: 'Kajang', state: 'Selangor' };

/** A person of a hibah: the name and MyKad (and e-mail, when they have one). */
export interface Person {
  name: string;
  ic: string;
  email?: string;
}

/** Options of {@link hibahAwaitingReceivers}: the people (defaults: Nadia, Danial aged ~10, Rohana). */
export interface HibahOptions {
  grantor?: string;
  adult?: Person;
  minor?: Person;
  /** The minor's caretaker, with an e-mail (the minor's link and code go there) and an optional allowance. */
  caretaker?: Person & { allowance?: { amount_sen: number; frequency: 'monthly' | 'semi_annual' | 'annual' } };
}

/**
 * A property hibah of a new client at status 3 with its draft accepted: receivers may now accept (their
 * links are mailed; a minor's to the caretaker; ADR 0119). → the client, token, ids and people.
 */
export async function hibahAwaitingReceivers(request: APIRequestContext, o: HibahOptions = {}) {
  const client = newClient(o.grantor ?? 'Rosli bin Ahmad');
  const adultP = o.adult ?? { name: 'Nadia binti Rosli', ic: newMykad('female') };
  const minorP = o.minor ?? { name: 'Danial bin Rosli', ic: '150601149871' };
  const caretakerP = o.caretaker ?? {
    name: 'Rohana binti Salleh',
    ic: newMykad('female'),
    email: `rohana.${uniqueTag()}@contoh.my`,
  };
  const { id: userId, token } = await signUpByApi(request, client);
  const h = (await call(request, token, 'POST', '/api/hibah', { user_id: userId, hibah_type: 9 })).hibah;
  await call(request, token, 'POST', `/api/hibah/${h.id}/user-detail`, {
    designation: 'mr',
    name: client.name,
    ic_number: client.ic_number,
    gender: 1,
    race: 1,
    religion: 1,
    nationality: 1,
    marital_status: 'married',
    email: client.email,
    mobile_number: client.mobile_number,
    correspondence_address: ADDRESS.address,
    correspondence_postcode: ADDRESS.postcode,
    correspondence_city: ADDRESS.city,
    correspondence_state: ADDRESS.state,
    permanent_address: ADDRESS.address,
    permanent_postcode: ADDRESS.postcode,
    permanent_city: ADDRESS.city,
    permanent_state: ADDRESS.state,
  });
  const receiver = async (p: Person, relationship: string) =>
    (
      await call(request, token, 'POST', `/api/hibah/${h.id}/receiver`, {
        name: p.name,
        relationship,
        ic_number: p.ic,
        ...(p.email ? { email: p.email } : {}),
        ...ADDRESS,
      })
    ).receiver;
  const adult = await receiver(adultP, 'son');
  const minor = await receiver(minorP, 'son');
  expect(minor.is_minor, `${minorP.ic} is a minor's MyKad`).toBeTruthy();
  const allowance = caretakerP.allowance;
  const caretaker = (
    await call(request, token, 'POST', `/api/hibah/${h.id}/caretaker`, {
      receiver_id: minor.id,
      name: caretakerP.name,
      ic_number: caretakerP.ic,
      relationship: 'guardian',
      mobile_number: '0137654321',
      ...(caretakerP.email ? { email: caretakerP.email } : {}),
      ...(allowance
        ? { has_allowance: 1, allowance_amount_sen: allowance.amount_sen, allowance_frequency: allowance.frequency }
        : {}),
      ...ADDRESS,
    })
  ).caretaker;
  const land = (
    await call(request, token, 'POST', `/api/hibah/${h.id}/immoveable-property`, {
      category: 'land',
      property_type: 'geran',
      property_no: 'GRN 77001',
      lot_number: 'Lot 5120',
      city: 'Kajang',
      district: 'Hulu Langat',
      state: 'Selangor',
      address: 'Lot 5120, Mukim Kajang',
    })
  ).immoveable_property;
  for (const r of [adult, minor]) {
    await call(request, token, 'POST', `/api/hibah/${h.id}/property/${land.id}/receiver`, {
      receiver_id: r.id,
      portion: '50%',
    });
  }
  const pay = await call(request, token, 'POST', '/api/payment', {
    paymentable_type: 'Hibah',
    paymentable_id: h.id,
    payment_options_id: 3,
  });
  const accountant = await apiLogin(request, 'accountant');
  await call(request, accountant, 'POST', `/api/payment/${pay.payment.id}/confirm`, {});
  await call(request, token, 'POST', `/api/hibah/${h.id}/signature`, { signature: SIGNATURE_PNG });
  const witnesses = [
    { name: 'Zaleha binti Omar', email: `zaleha.${uniqueTag()}@contoh.my`, id: '' },
    { name: 'Hafiz bin Karim', email: `hafiz.${uniqueTag()}@contoh.my`, id: '' },
  ];
  for (const w of witnesses) {
    const row = await call(request, token, 'POST', `/api/hibah/${h.id}/witness`, {
      name: w.name,
      email: w.email,
      ic_number: newMykad(),
      ...ADDRESS,
    });
    w.id = row.witness.id;
  }
  // The grantor's identity (issue 3, ADR 0094/0096): MyKad images, a passing eKYC, a code before submitting.
  for (const [type, file, mime] of [
    ['mykad-front', MYKAD_FRONT, 'image/jpeg'],
    ['mykad-back', MYKAD_BACK, 'image/png'],
  ]) {
    const document = `data:${mime};base64,${(await readFile(file)).toString('base64')}`;
    await call(request, token, 'POST', `/api/hibah/${h.id}/document`, { is_base64: true, type, document });
  }
  const selfie = `data:image/jpeg;base64,${(await readFile(SELFIE)).toString('base64')}`;
  const face = await request.post('/api/face-verification', {
    headers: apiHeaders(token),
    data: { selfie_image: selfie, ekycable_type: 'Hibah', ekycable_id: h.id },
    timeout: 90_000,
  });
  expect(face.ok(), await face.text()).toBe(true);
  expect((await face.json()).face_verification.passed, 'the face fixtures match').toBe(true);
  await grantorCode(request, token, client.email, h.id, 'hibah-submit');
  await call(request, token, 'POST', `/api/hibah/${h.id}`, {
    status: 2,
    acknowledged_pdpa: 1,
    acknowledged_confirmation: 1,
  });
  const staff = await apiLogin(request, 'staff');
  await call(request, staff, 'POST', `/api/hibah/${h.id}`, { status: 3, is_cash_payment: 1 });
  await grantorCode(request, token, client.email, h.id, 'hibah-finalise');
  await call(request, token, 'POST', `/api/hibah/${h.id}`, { status: 3, is_draft_accepted: 1 });
  return {
    client,
    token,
    hibahId: h.id as string,
    adult: { ...adultP, id: adult.id as string },
    minor: { ...minorP, id: minor.id as string },
    caretaker: { ...caretakerP, id: caretaker.id as string },
    witnesses,
  };
}

/** The page link (`/hibah/penerima/…?expires&signature`) of a receiver, as the grantor gets it. */
export async function receiverLink(request: APIRequestContext, token: string, hibahId: string, receiverId: string) {
  const { url } = await call(request, token, 'POST', '/api/route/sign', {
    route_name: 'hibah.receiver',
    hibah_id: hibahId,
    receiver_id: receiverId,
  });
  return url as string;
}

/**
 * A receiver accepts through their link with the code mailed to `email` (their own, or a minor's
 * caretaker's) — the API calls of the /hibah/penerima page.
 */
export async function acceptByLink(
  request: APIRequestContext,
  token: string,
  hibahId: string,
  receiverId: string,
  email: string,
) {
  const [path, query] = (await receiverLink(request, token, hibahId, receiverId)).split('?');
  await call(request, '', 'POST', `${path}/otp?${query}`, {});
  const code = await codeInMail(email, 'ialah');
  await call(request, '', 'POST', `${path}/sign?${query}`, { code, signature: SIGNATURE_PNG });
}

/**
 * From "receivers signed" to registered: witnesses are asked (status 4), each confirms through their link
 * with the code mailed to them, and the grantor completes (status 5). → the hibah number.
 */
export async function completeRegistration(
  request: APIRequestContext,
  token: string,
  hibahId: string,
  witnesses: { id: string; email: string }[],
) {
  const h = (await call(request, token, 'GET', `/api/hibah/${hibahId}`)).hibah;
  if (h.status === 3) await call(request, token, 'POST', `/api/hibah/${hibahId}`, { status: 4 });
  for (const w of witnesses) {
    const { url } = await call(request, token, 'POST', '/api/route/sign', {
      route_name: 'hibah.witness',
      hibah_id: hibahId,
      witness_id: w.id,
    });
    const [path, query] = (url as string).split('?');
    await call(request, '', 'POST', `${path}/otp?${query}`, {});
    const code = await codeInMail(w.email, 'ialah');
    await call(request, '', 'POST', `${path}/confirm?${query}`, { code, signature: SIGNATURE_PNG });
  }
  const done = await call(request, token, 'POST', `/api/hibah/${hibahId}`, { status: 5 });
  expect(done.hibah.status).toBe(5);
  return done.hibah.hibah_number as string;
}

/**
 * A registered property hibah (status 5): {@link hibahAwaitingReceivers}, the adult accepts on the
 * grantor's device, the minor through the caretaker's link and code, the witnesses confirm.
 */
export async function registeredHibah(request: APIRequestContext, o: HibahOptions = {}) {
  const h = await hibahAwaitingReceivers(request, o);
  await call(request, h.token, 'POST', `/api/hibah/${h.hibahId}/receiver/${h.adult.id}/signature`, {
    signature: SIGNATURE_PNG,
  });
  await acceptByLink(request, h.token, h.hibahId, h.minor.id, h.caretaker.email as string);
  const number = await completeRegistration(request, h.token, h.hibahId, h.witnesses);
  return { ...h, number };
}

/**
 * The text of the hibah's current sealed certificate (`GET /api/hibah/{id}/certificate` as its grantor),
 * read with pdftotext, whitespace collapsed to single spaces.
 */
export async function certificateText(request: APIRequestContext, token: string, hibahId: string) {
  const res = await request.get(`/api/hibah/${hibahId}/certificate`, {
    headers: { ...apiHeaders(token), Accept: 'application/pdf' },
  });
  expect(res.status(), `certificate of ${hibahId}`).toBe(200);
  const pdf = await res.body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');
}
