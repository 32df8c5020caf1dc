/**
 * The claims settled before faraid, in order (MALAYSIA.md §1, from Mughni al-Muhtaj as cited by the
 * Pahang Syariah Judiciary, jksp.pahang.gov.my/pembahagian-harta; AmanahRaya's five claims):
 * 1. funeral expenses (belanja pengurusan jenazah);
 * 2. debts, to Allah (zakat, nazar, kaffarah) and to people;
 * 3. harta sepencarian awarded to the spouse (Islamic Family Law (Selangor) Enactment 2003 s.122; an
 *    amount the court ordered or the heirs agreed; no default percentage);
 * 4. the wasiat, capped at one third of what remains (Muslim Wills Enactment (Selangor) 1999 s.26(1),
 *    s.26(3)); the part above the cap takes effect only with the heirs' consent after death (s.26(2)),
 *    so it is reported as `wasiatExcess` and not deducted;
 * 5. faraid on the rest (`net`).
 * Each claim takes at most what is left; amounts are sen. One third is rounded down to the sen so the
 * wasiat never exceeds it.
 */

export interface EstateClaims {
  funeral?: number;
  debts?: number;
  hartaSepencarian?: number;
  wasiat?: number;
  /** The heirs consented to the wasiat above one third (s.26(2)): then it is deducted in full. */
  heirsConsent?: boolean;
}

export interface NetEstate {
  gross: number;
  funeral: number;
  debts: number;
  hartaSepencarian: number;
  /** What remains after funeral, debts and harta sepencarian: the base of the one-third limit. */
  afterClaims: number;
  /** One third of `afterClaims`, rounded down. */
  wasiatCap: number;
  /** The wasiat deducted. */
  wasiat: number;
  /** The wasiat asked for above the cap (not deducted unless the heirs consent). */
  wasiatExcess: number;
  /** Debts (and earlier claims) the estate could not pay. */
  unpaid: number;
  /** The estate divided by faraid. */
  net: number;
}

const sen = (v: number | undefined, field: string) => {
  const x = v ?? 0;
  if (!Number.isSafeInteger(x) || x < 0) throw new RangeError(`${field} must be whole sen, not negative`);
  return x;
};

/** Apply the claims in order and return what faraid divides. */
export function netEstate(gross: number, claims: EstateClaims = {}): NetEstate {
  let left = sen(gross, 'gross');
  let unpaid = 0;
  const take = (want: number) => {
    const got = Math.min(want, left);
    unpaid += want - got;
    left -= got;
    return got;
  };
  const funeral = take(sen(claims.funeral, 'funeral'));
  const debts = take(sen(claims.debts, 'debts'));
  const hartaSepencarian = take(sen(claims.hartaSepencarian, 'hartaSepencarian'));
  const afterClaims = left;
  const wasiatCap = Math.floor(afterClaims / 3);
  const asked = sen(claims.wasiat, 'wasiat');
  const allowed = claims.heirsConsent ? Math.min(asked, afterClaims) : Math.min(asked, wasiatCap);
  const wasiatExcess = asked - allowed;
  left -= allowed;
  return {
    gross,
    funeral,
    debts,
    hartaSepencarian,
    afterClaims,
    wasiatCap,
    wasiat: allowed,
    wasiatExcess,
    unpaid,
    net: left,
  };
}
