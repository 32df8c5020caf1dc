/**
 * The faraid engine (Shafi'i school as practised in Malaysia): the deceased's sex, the surviving heirs
 * by key and count and the surplus policy → each class's share of the whole estate as an exact
 * fraction, and the reasons. Stages: blocking.ts (hajb) → furud.ts (fixed shares) → special-cases.ts
 * (al-'Umariyyatan, al-Musytarakah, the grandfather with siblings) → asabah.ts (residuaries) →
 * awl-radd.ts ('awl, radd or Baitulmal). Uncertain heirs (khuntha, mafqud, haml) are handled by
 * reservation (uncertain.ts). Amounts in sen: amounts.ts; deductions before faraid: deductions.ts.
 */
import { fmt, newCtx } from './context.ts';
import type { FaraidInput, FaraidResult } from './solve.ts';
import { solveCtx } from './solve.ts';
import { calculateWithReservation } from './uncertain.ts';

export type { FaraidInput, FaraidResult } from './solve.ts';
export { solveShares } from './solve.ts';

/**
 * Faraid shares of the whole estate for each heir class. Heirs of uncertain status (`khuntha_child`,
 * `mafqud_son`, `unborn_child`) are divided by reservation. Call {@link checkHeirs} first: this
 * function trusts its input.
 */
export function calculateFaraid(input: FaraidInput): FaraidResult {
  const policy = input.policy ?? 'baitulmal';
  const c = newCtx(input.deceased, policy, input.heirs);
  if (c.uncertain) return calculateWithReservation(input.deceased, input.heirs, policy);
  return solveCtx(c);
}

/** Shares as "n/d" strings ("0" for a blocked heir). */
export function formatShares(shares: FaraidResult['shares']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, f] of Object.entries(shares)) if (f) out[k] = fmt(f);
  return out;
}
