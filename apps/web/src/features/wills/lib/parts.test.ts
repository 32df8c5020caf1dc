import { describe, expect, it } from 'vitest';
import type { PartKey, Will } from '../types.ts';
import { isUnlocked, nextPart, partForPath, partUrl, redirectFor, resumePart, visibleParts } from './parts.ts';

const will = (done: PartKey[], unlocked: PartKey[], plan: Will['plan'] = 'basic', status = 0) =>
  ({ parts_done: done, unlocked, plan, status }) as Will;

describe('wizard parts', () => {
  it('hides part E for a basic will and shows it for a comprehensive one', () => {
    expect(visibleParts(will([], [], 'basic')).map((p) => p.key)).not.toContain('e');
    expect(visibleParts(will([], [], 'comprehensive')).map((p) => p.key)).toEqual([
      'a',
      'b',
      'payment',
      'c',
      'document',
      'ekyc',
      'd',
      'e',
      'f',
      'g',
    ]);
  });

  it('puts eKYC after the MyKad documents at /wasiat/ekyc', () => {
    expect(nextPart(will([], []), 'document')?.key).toBe('ekyc');
    expect(nextPart(will([], []), 'ekyc')?.key).toBe('d');
    expect(partForPath('/wasiat/ekyc')?.key).toBe('ekyc');
    expect(
      resumePart(will(['a', 'b', 'payment', 'c', 'document'], ['a', 'b', 'payment', 'c', 'document', 'ekyc'])).key,
    ).toBe('ekyc');
  });

  it('opens only part A without a will', () => {
    expect(isUnlocked(null, 'a')).toBe(true);
    expect(isUnlocked(null, 'b')).toBe(false);
    expect(resumePart(null).key).toBe('a');
  });

  it('follows the server unlocked list; part E is locked on a basic will even if listed', () => {
    const w = will(['a', 'b'], ['a', 'b', 'payment', 'e']);
    expect(isUnlocked(w, 'payment')).toBe(true);
    expect(isUnlocked(w, 'c')).toBe(false);
    expect(isUnlocked(w, 'e')).toBe(false);
  });

  it('resumes at the first unlocked part that is not done', () => {
    expect(resumePart(will(['a', 'b'], ['a', 'b', 'payment'])).key).toBe('payment');
    expect(
      resumePart(
        will(
          ['a', 'b', 'payment', 'c', 'document', 'd'],
          ['a', 'b', 'payment', 'c', 'document', 'd', 'e'],
          'comprehensive',
        ),
      ).key,
    ).toBe('e');
    expect(
      resumePart(will(['a', 'b', 'payment', 'c', 'document', 'd'], ['a', 'b', 'payment', 'c', 'document', 'd', 'f']))
        .key,
    ).toBe('f');
  });

  it('resumes at the last part when everything is done (a will to resubmit)', () => {
    const all: PartKey[] = ['a', 'b', 'payment', 'c', 'document', 'ekyc', 'd', 'f', 'g'];
    expect(resumePart(will(all, all, 'basic', 3)).key).toBe('g');
  });

  it('redirects a locked part to the resume part and leaves an unlocked one alone', () => {
    const w = will(['a'], ['a', 'b']);
    expect(redirectFor(w, 'd')?.key).toBe('b');
    expect(redirectFor(w, 'b')).toBeNull();
    expect(redirectFor(w, 'a')).toBeNull();
  });

  it('goes to the next visible part, skipping E on a basic will', () => {
    expect(nextPart(will([], [], 'basic'), 'd')?.key).toBe('f');
    expect(nextPart(will([], [], 'comprehensive'), 'd')?.key).toBe('e');
    expect(nextPart(will([], []), 'g')).toBeNull();
  });

  it('maps paths and builds URLs that keep the will id', () => {
    expect(partForPath('/wasiat/part-payment/')?.key).toBe('payment');
    expect(partForPath('/wasiat/list')).toBeUndefined();
    expect(partUrl(visibleParts(null)[1], 'abc def')).toBe('/wasiat/part-b?wasiat_id=abc%20def');
  });
});
