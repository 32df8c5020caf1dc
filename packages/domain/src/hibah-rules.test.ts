/** The hibah step table and completion rule (issue 34; ADR 0223). */
import { describe, expect, it } from 'vitest';
import { H, HIBAH_STATUS, hibahCompletionBlocker, hibahStepEditable } from './hibah-rules.ts';

describe('which step of a hibah may change in which status', () => {
  const all = Object.values(HIBAH_STATUS);
  it('the content while being filled in (-1, 0, 1)', () => {
    expect(all.filter((s) => hibahStepEditable('content', s))).toEqual([-1, 0, 1]);
  });
  it('the witnesses until the registration is completed (-1 … 4)', () => {
    expect(all.filter((s) => hibahStepEditable('witnesses', s))).toEqual([-1, 0, 1, 2, 3, 4]);
  });
});

describe('what keeps a hibah awaiting witnesses from completion', () => {
  const yes = { confirmed_at: '2026-12-05T03:00:00Z' };
  const no = { confirmed_at: null };
  it('fewer than two witnesses, then one unconfirmed, then nothing', () => {
    expect(hibahCompletionBlocker([])).toBe(H.witnessesRequired);
    expect(hibahCompletionBlocker([yes])).toBe(H.witnessesRequired);
    expect(hibahCompletionBlocker([yes, no])).toBe(H.witnessesUnconfirmed);
    expect(hibahCompletionBlocker([yes, yes])).toBeNull();
    expect(hibahCompletionBlocker([yes, yes, yes])).toBeNull();
  });
});
