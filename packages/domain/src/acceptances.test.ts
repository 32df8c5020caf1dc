import { describe, expect, it } from 'vitest';
import { acceptanceDecideSchema, guardianRoleKey, needsReplacement } from './acceptances.ts';

describe('acceptances (issue 41 item 3; ADR 0276)', () => {
  it('a decision needs a 6-digit code and accept or decline; a reason is at most 500 characters', () => {
    expect(acceptanceDecideSchema.safeParse({ code: '123456', decision: 'accept' }).success).toBe(true);
    const bad = acceptanceDecideSchema.safeParse({ code: '12', decision: 'maybe', reason: 'x'.repeat(501) });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    expect(paths).toEqual([
      'code:otp.incorrect',
      'decision:acceptances.decision_required',
      'reason:acceptances.reason_too_long',
    ]);
  });
  it('a guardian is asked again when their children change, not when the spelling of spaces does', () => {
    expect(guardianRoleKey('800101-14-5678', 'Ali,  Abu')).toBe(guardianRoleKey('800101145678', 'ali, abu '));
    expect(guardianRoleKey('800101145678', 'Ali')).not.toBe(guardianRoleKey('800101145678', 'Ali, Abu'));
  });
  it('a declined request asks the testator to name another', () => {
    expect(needsReplacement([{ state: 'accepted' }, { state: 'pending' }])).toBe(false);
    expect(needsReplacement([{ state: 'accepted' }, { state: 'declined' }])).toBe(true);
  });
});
