/**
 * The public faraid calculator (issue 9): the domain engine, shares as reduced fractions, amounts in
 * sen when an estate is given, and the reasons translated into the request's language.
 */
import {
  allocateSen,
  calculateFaraid,
  type FaraidRequest,
  type Fraction,
  formatShares,
  type HeirCounts,
  type Language,
  translate,
} from '@wasiat/domain';

export interface FaraidAnswer {
  shares: Record<string, string>;
  amounts?: Record<string, number>;
  reserved?: string;
  steps: { heir: string | null; rule: string; share?: string; by?: string[]; text: string; source: string }[];
}

export function faraidAnswer(body: FaraidRequest, lang: Language): FaraidAnswer {
  const heirs: HeirCounts = {};
  for (const [k, v] of Object.entries(body.heirs)) if (typeof v === 'number' && v > 0) heirs[k as keyof HeirCounts] = v;
  const r = calculateFaraid({ deceased: body.deceased, heirs, policy: body.policy });
  const answer: FaraidAnswer = {
    shares: formatShares(r.shares),
    steps: r.steps.map((s) => ({
      ...s,
      text: translate(`faraid.rules.${s.rule}`, lang, { share: s.share ?? '' }),
    })),
  };
  if (r.reserved) answer.reserved = formatShares({ reserved: r.reserved } as never).reserved;
  if (body.estate !== undefined) {
    const parts = Object.entries(r.shares) as [string, Fraction][];
    if (r.reserved) parts.push(['reserved', r.reserved]);
    answer.amounts = allocateSen(body.estate, parts);
  }
  return answer;
}
