import { describe, expect, it } from 'vitest';
import { formatFraction } from '../validation/shares.ts';
import { faraidFractionsOfHeirs, heirBequestJson, heirBequests, heirBequestsKey, matchHeir } from './heir-bequests.ts';

const wife = { id: 'h-wife', name: 'Aminah binti Ali', relationship: 'wife', ic_number: '820202105552' };
const son = { id: 'h-son', name: 'Ahmad bin Abu', relationship: 'son', ic_number: '100505145553' };
const daughter = { id: 'h-daughter', name: 'Aisyah binti Abu', relationship: 'son', ic_number: '120606145554' };
const heirs = [wife, son, daughter];
const receiver = (h: typeof wife, extra: object = {}) => ({
  id: `r-${h.id}`,
  name: h.name,
  relationship: h.relationship,
  ...extra,
});

describe('bequests to heirs through property shares (Enakmen Wasiat Orang Islam (Selangor) 1999 s.11(2), s.26(2))', () => {
  it("the issue's example: the wife given 50% of a bank account and 60% of Tabung Haji savings", () => {
    const out = heirBequests('male', heirs, [
      {
        id: 'bank',
        kind: 'MoveableProperty',
        shares: [
          { receiver: receiver(wife, { heir_id: wife.id }), portion: '50%' },
          { receiver: receiver(son, { heir_id: son.id }), portion: '50%' },
        ],
      },
      {
        id: 'tabung-haji',
        kind: 'MoveableProperty',
        shares: [
          { receiver: receiver(wife, { ic_number: wife.ic_number }), portion: '60%' },
          { receiver: receiver(daughter, { heir_id: daughter.id }), portion: '40%' },
        ],
      },
    ]);
    // Faraid with a son and a daughter: the wife 1/8; the residue 7/8 to the children 2:1 (son 7/12, daughter 7/24).
    expect(out.map(heirBequestJson)).toEqual([
      expect.objectContaining({ heir_id: 'h-wife', property_id: 'bank', share: '1/2', faraid: '1/8', excess: '3/8' }),
      expect.objectContaining({
        heir_id: 'h-wife',
        property_id: 'tabung-haji',
        share: '3/5',
        faraid: '1/8',
        excess: '19/40',
      }),
      expect.objectContaining({
        heir_id: 'h-daughter',
        property_id: 'tabung-haji',
        share: '2/5',
        faraid: '7/24',
        excess: '13/120',
      }),
    ]);
    // The son's 50% is below his 7/12: not a bequest to an heir.
    expect(out.some((b) => b.heir_id === 'h-son')).toBe(false);
  });

  it('a share equal to the faraid share is not a bequest; one part more is', () => {
    const p = (portion: string) => [
      {
        id: 'p',
        kind: 'ImmoveableProperty' as const,
        shares: [{ receiver: receiver(wife, { heir_id: wife.id }), portion }],
      },
    ];
    expect(heirBequests('male', heirs, p('1/8'))).toEqual([]);
    expect(heirBequests('male', heirs, p('12.5%'))).toEqual([]);
    const [b] = heirBequests('male', heirs, p('12.5001%'));
    expect(formatFraction(b.excess)).toBe('1/1000000');
  });

  it('without children the wife has a quarter, so 20% is within her share', () => {
    const out = heirBequests(
      'male',
      [wife],
      [
        {
          id: 'p',
          kind: 'MoveableProperty',
          shares: [{ receiver: receiver(wife, { heir_id: wife.id }), portion: '20%' }],
        },
      ],
    );
    expect(out).toEqual([]);
    expect(formatFraction(faraidFractionsOfHeirs('male', [wife]).get(wife.id)?.faraid ?? { num: 9n, den: 1n })).toBe(
      '1/4',
    );
  });

  it('a class shared by several heirs divides its share among them', () => {
    const son2 = { ...son, id: 'h-son2', name: 'Ali bin Abu', ic_number: '130707145557' };
    const f = faraidFractionsOfHeirs('male', [wife, son, son2]);
    // 7/8 to two sons: 7/16 each.
    expect(formatFraction(f.get('h-son')?.faraid ?? { num: 0n, den: 1n })).toBe('7/16');
    expect(formatFraction(f.get('h-son2')?.faraid ?? { num: 0n, den: 1n })).toBe('7/16');
  });

  it('an heir excluded by another (hajb) is not an heir of this estate; an unmapped heir has no faraid share', () => {
    const brother = { id: 'h-bro', name: 'Bakar bin Abu', relationship: 'sibling', ic_number: '750303145559' };
    const uncle = { id: 'h-uncle', name: 'Daud bin Abu', relationship: 'relative', ic_number: '600303145551' };
    const out = heirBequests(
      'male',
      [son, brother, uncle],
      [
        {
          id: 'car',
          kind: 'MoveableProperty',
          shares: [
            { receiver: receiver(brother, { heir_id: brother.id }), portion: '30%' },
            { receiver: receiver(uncle, { heir_id: uncle.id }), portion: '10%' },
          ],
        },
      ],
    );
    expect(out.map(heirBequestJson)).toEqual([
      expect.objectContaining({ heir_id: 'h-uncle', faraid: null, excess: '1/10', heir_key: null }),
    ]);
  });

  it('a receiver is matched by the heir it was picked from, else MyKad, else name and relationship', () => {
    expect(matchHeir({ name: 'X', heir_id: 'h-son' }, heirs)?.id).toBe('h-son');
    expect(matchHeir({ name: 'X', ic_number: ' 820202105552 ' }, heirs)?.id).toBe('h-wife');
    expect(matchHeir({ name: 'aminah  BINTI ali', relationship: 'wife' }, heirs)?.id).toBe('h-wife');
    expect(matchHeir({ name: 'Aminah binti Ali', relationship: 'other' }, heirs)).toBeNull();
    expect(matchHeir({ name: 'Someone Else', ic_number: '900101145551' }, heirs)).toBeNull();
  });

  it("the testator's sex unknown: every heir's faraid share is unknown and the whole share is reported", () => {
    const out = heirBequests(null, heirs, [
      { id: 'p', kind: 'MoveableProperty', shares: [{ receiver: receiver(son, { heir_id: son.id }), portion: '1/4' }] },
    ]);
    expect(out.map(heirBequestJson)).toEqual([expect.objectContaining({ faraid: null, excess: '1/4' })]);
  });

  it('the key changes when a share changes and is the same for the same bequests in another order', () => {
    const mk = (portion: string) =>
      heirBequests('male', heirs, [
        { id: 'a', kind: 'MoveableProperty', shares: [{ receiver: receiver(wife, { heir_id: wife.id }), portion }] },
        {
          id: 'b',
          kind: 'MoveableProperty',
          shares: [{ receiver: receiver(wife, { heir_id: wife.id }), portion: '60%' }],
        },
      ]);
    const one = mk('50%');
    expect(heirBequestsKey(one)).toBe(heirBequestsKey([...one].reverse().map(heirBequestJson)));
    expect(heirBequestsKey(one)).not.toBe(heirBequestsKey(mk('55%')));
    expect(heirBequestsKey([])).toBe('');
  });
});
