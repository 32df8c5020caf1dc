import { describe, expect, it } from 'vitest';
import type { Will } from '../types.ts';
import { pickLatestOpenWill } from './useWill.ts';

const w = (id: string, status: number, created_at: string) =>
  ({ id, user_id: 'u1', status, created_at, parts_done: [], unlocked: [] }) as Will;

describe('pickLatestOpenWill', () => {
  it('takes the newest will that is still open (status 0, 1 or 3)', () => {
    const wills = [
      w('old', 0, '2026-01-01T00:00:00Z'),
      w('reg', 2, '2026-03-01T00:00:00Z'),
      w('new', 3, '2026-02-01T00:00:00Z'),
    ];
    expect(pickLatestOpenWill(wills)?.id).toBe('new');
  });
  it('is null when every will is registered', () => {
    expect(pickLatestOpenWill([w('reg', 2, '2026-03-01T00:00:00Z')])).toBeNull();
  });
});
