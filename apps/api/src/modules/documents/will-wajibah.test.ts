/**
 * The will PDF prints the predeceased children the testator declared and their children's wasiat wajibah (issue
 * 41 item 6; ADR 0270): the rule of the governing state's enactment as recorded (Selangor s.27) with each
 * grandchild's amount on the estimated estate, or that the state's law as recorded provides none.
 */
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { will_predeceased_children, wills } from '../../db/schema/index.ts';
import { insertWill } from './fixtures.ts';

let t: TestApp;
let will: string;
let token: string;

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

describe('the will PDF: wasiat wajibah (ADR 0270)', () => {
  it('prints nothing without predeceased children, then the section with the Selangor rule and the amount', async () => {
    expect(await render()).not.toContain('Wasiat wajibah');
    // The fixture's testator is a woman (Selangor) with a husband and a son; a second son died before her.
    await t.ctx.db.insert(will_predeceased_children).values({
      wasiat_id: will,
      position: 0,
      name: 'Omar bin Hassan',
      sex: 'male',
      died_on: '2019-03-02',
      children: [{ name: 'Yusuf bin Omar', sex: 'male', ic_number: null }],
    });
    await t.ctx.db.update(wills).set({ estimated_estate_sen: 12_000_000 }).where(eq(wills.id, will));
    let text = await render();
    expect(text).toContain(
      'Wasiat wajibah (wasiat kepada cucu) / Wasiat wajibah (obligatory bequest to grandchildren)',
    );
    expect(text).toContain('Omar bin Hassan (lelaki), meninggal dunia 02 Mac 2019');
    expect(text).toContain('Yusuf bin Omar (lelaki / male)');
    expect(text).toContain('Enakmen Wasiat Orang Islam (Selangor) 1999 [En. 4/1999], s. 27');
    // Husband 1/4; two sons deemed alive take 3/8 each, cut to one third: RM40,000 of RM120,000.
    expect(text).toMatch(/Yusuf bin Omar: RM ?40,000\.00/);
    expect(text).toContain('dihadkan kepada satu pertiga harta pusaka');

    await t.ctx.db.update(wills).set({ governing_state: 'Johor' }).where(eq(wills.id, will));
    text = await render();
    // (a line may break inside "undang-undang": the checks start after it)
    expect(text).toContain('negeri Johor seperti yang dicatatkan tidak memperuntukkan wasiat wajibah');
    expect(text).toContain('The law of Johor as recorded provides no wasiat wajibah');
    expect(text).not.toMatch(/Yusuf bin Omar: RM/);
  });
});
