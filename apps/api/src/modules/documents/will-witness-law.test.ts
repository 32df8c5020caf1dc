/**
 * The will PDF states its governing law and how each witness was identified (issue 41 items 2 and 8; ADRs 0259,
 * 0260): the state's enactment where one is recorded (or that none is), whether the testator confirmed the state,
 * the witness rule of that law, and beside each witness "Dikenal pasti melalui / Identified by".
 */
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { wills, witnesses } from '../../db/schema/index.ts';
import { insertWill } from './fixtures.ts';

let t: TestApp;
let will: string;
let token: string;

/** The PDF's text in reading order (columns apart), whitespace collapsed (lines wrap anywhere). */
const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

const render = async () => {
  const r = await t.call('GET', `/api/wasiat/${will}/certificate/final`, { token });
  expect(r.status).toBe(200);
  return pdfText(r.raw);
};

beforeAll(async () => {
  t = await makeTestApp();
  will = (await insertWill(t.ctx)).willId;
  token = await t.login('client');
});
afterAll(async () => {
  await t?.close();
});

describe('the will PDF: governing law and witnesses (ADRs 0259, 0260)', () => {
  it('cites the state enactment and says the state was taken from the address until confirmed', async () => {
    // The fixture's testator lives in Selangor and confirmed nothing.
    let text = await render();
    expect(text).toContain('Undang-undang yang mentadbir / Governing law');
    // (a line may break inside "undang-undang": the checks start after it)
    expect(text).toContain('Islam negeri Selangor: Enakmen Wasiat Orang Islam (Selangor) 1999 [En. 4/1999].');
    expect(text).toContain('Muslim Wills (Selangor) Enactment 1999 [En. 4/1999]');
    expect(text).toContain('Negeri ini diambil daripada alamat pewasiat; pewasiat belum mengesahkannya.');
    expect(text).toContain('Enakmen Wasiat Orang Islam (Selangor) 1999, seksyen 3');
    expect(text).toContain('sekurang-kurangnya dua orang saksi yang boleh diterima sebagai saksi menurut Hukum Syarak');

    await t.ctx.db
      .update(wills)
      .set({ governing_state: 'Johor', governing_state_confirmed_at: new Date() })
      .where(eq(wills.id, will));
    text = await render();
    expect(text).toContain('Islam negeri Johor; tiada enakmen wasiat khusus direkodkan bagi negeri ini.');
    expect(text).toContain('Negeri ini disahkan oleh pewasiat.');
    expect(text).toContain('Tiada enakmen wasiat khusus direkodkan bagi Johor.');
    expect(text).not.toContain('negeri Selangor:');
    expect(text).not.toContain('Enakmen Wasiat Orang Islam (Selangor) 1999, seksyen 3');
  });

  it('prints how each witness was identified beside them', async () => {
    const [first] = await t.ctx.db
      .select()
      .from(witnesses)
      .where(eq(witnesses.witnessable_id, will))
      .orderBy(witnesses.created_at);
    await t.ctx.db
      .update(witnesses)
      .set({ identified_by: 'email_code', identified_at: new Date() })
      .where(eq(witnesses.id, first.id));
    const text = await render();
    expect(text).toContain(
      "Dikenal pasti melalui / Identified by: MyKad dan kod ke e-mel saksi sendiri / MyKad and a code sent to the witness's own e-mail",
    );
    expect(text).toContain(
      "Dikenal pasti melalui / Identified by: Belum dikenal pasti (ditandatangani pada peranti pewasiat) / Not identified (signed on the testator's device)",
    );
  });
});
