import { describe, expect, it } from 'vitest';
import {
  AMENDMENT_TRANSITIONS,
  amendmentDeadline,
  amendmentStatusKey,
  amendmentTimelineStep,
  dueReminderDays,
  findAmendmentTransition,
  isAmendmentExpired,
  mayTransition,
} from './amendment-rules.ts';

const DAY = 86_400_000;
const t0 = new Date('2026-11-01T00:00:00Z');

describe('amendment status rules (spec §4)', () => {
  it('labels 0–5 and shows any other value as invalid/cancelled', () => {
    expect([0, 1, 2, 3, 4, 5].map(amendmentStatusKey)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `amendments.status.${n}`));
    for (const s of [-1, 6, 99, null, undefined]) expect(amendmentStatusKey(s)).toBe('amendments.status.invalid');
  });

  it('allows only the moves of the table, each by its actors', () => {
    expect(mayTransition(0, 1, 'owner')).toBe(true);
    expect(mayTransition(0, 1, 'officer')).toBe(false);
    expect(mayTransition(1, 3, 'officer')).toBe(true);
    expect(mayTransition(1, 3, 'owner')).toBe(false);
    expect(mayTransition(4, 2, 'officer')).toBe(true);
    expect(mayTransition(4, 5, 'owner')).toBe(false);
    expect(mayTransition(3, 5, 'system')).toBe(true);
    expect(mayTransition(0, 5, 'system')).toBe(false);
    // Succeeded and cancelled are final.
    for (const from of [2, 5])
      for (let to = 0; to <= 5; to++) expect(findAmendmentTransition(from, to)).toBeUndefined();
    // No skipping the witnesses: nothing reaches 2 except from 4.
    expect(AMENDMENT_TRANSITIONS.filter((t) => t.to === 2).map((t) => t.from)).toEqual([4]);
  });

  it('shows the timeline application sent → passed → awaiting witness verification → completed', () => {
    expect([0, 1, 3, 4, 2].map(amendmentTimelineStep)).toEqual([0, 1, 2, 3, 4]);
    expect(amendmentTimelineStep(5)).toBeNull();
    expect(amendmentTimelineStep(7)).toBeNull();
  });
});

describe('the 14-day window (spec §9) with a controllable clock', () => {
  const deadline = amendmentDeadline(t0);
  it('ends 14 days after it opens; the deadline itself is expired', () => {
    expect(deadline.getTime() - t0.getTime()).toBe(14 * DAY);
    expect(isAmendmentExpired(deadline, new Date(deadline.getTime() - 1))).toBe(false);
    expect(isAmendmentExpired(deadline, deadline)).toBe(true);
    expect(isAmendmentExpired(null, deadline)).toBe(false);
  });
  it('has reminders due at 7, 3 and 1 days before, none after the deadline', () => {
    const at = (daysAfterOpen: number) => dueReminderDays(deadline, new Date(t0.getTime() + daysAfterOpen * DAY));
    expect(at(0)).toEqual([]);
    expect(at(6.99)).toEqual([]);
    expect(at(7)).toEqual([7]);
    expect(at(11)).toEqual([7, 3]);
    expect(at(13.5)).toEqual([7, 3, 1]);
    expect(at(14)).toEqual([]);
  });
});
