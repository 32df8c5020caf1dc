/**
 * The one-third rule on a will's bequests to non-heirs, counted by value (issue 37 item 2, issue 41 item 4;
 * ADR 0257). The rule is packages/domain/src/faraid/one-third.ts (Enakmen Wasiat Orang Islam (Selangor) 1999
 * s. 26(1), (3)): every bequest to a non-heir — a bequest (wasiat am) of a portion of the net estate at that
 * portion of the net estate, a share of a property at that share of the property's estimated value — together at
 * most one third of the net estate. There is no consent of the heirs to lift it (they give consent only after the
 * death, s. 26(2)), so the product refuses beyond one third, wherever a change could take the will there:
 *
 * - a bequest saved (people-service.ts; 422 on `portion`), a share of a property saved (property-service.ts; 422
 *   on `portion`, strict: the property needs its value), a property or a receiver changed (owned.ts `afterSave`;
 *   422 on `value_sen` / `ic_number`), the estate figures changed (estate-service.ts; 422 on the figure sent), the
 *   will submitted (transitions.ts; 422 on `bequests`, strict). Heirs added or removed change who is a non-heir:
 *   the estate tab shows the figure at once and the submission checks it again.
 * - a will amendment's draft saved and submitted (amendments/draft.ts, amendments/transitions.ts).
 * - a refusal caused by a property's harta sepencarian declaration being made, raised or withdrawn is told as such
 *   and reported on the declaration's field, the portion `sepencarian_bp` (the switch `harta_sepencarian` when
 *   withdrawn): {@link declarationProblemOfContent} (ADR 0290).
 *
 * The 422 names the figures: `wills.one_third_exceeded` "… come to {{total}}, more than one third … ({{third}} of
 * {{net}})", or `wills.one_third_value_needed` when a property given to a non-heir has no value yet.
 */
import {
  declarationOneThirdProblem,
  type OneThird,
  type OneThirdProblem,
  oneThird,
  oneThirdProblem,
} from '@wasiat/domain';
import { fieldError } from '../../platform/http/errors.ts';
import { type HeirBequestContent, liveContent, ruleInputOf, senOrNull } from './heir-bequests.ts';
import type { Conn } from './service.ts';

type Row = Record<string, unknown>;

/** The rule's figures of a content value (a live will's rows, or an amendment's draft). */
export const oneThirdOfContent = (c: HeirBequestContent): OneThird => oneThird(ruleInputOf(c));

/**
 * A property named in a message the same in both languages: its title number (immovable), else its registration,
 * account or policy number, else its institution (movable).
 */
function propertyName(c: HeirBequestContent, id: string): string {
  const p = [...c.moveables, ...c.immoveables].find((x) => String(x.id) === id) as Row | undefined;
  if (!p) return id;
  const pick = ['property_no', 'transport_registration_number', 'account_number', 'policy_number', 'institution_name']
    .map((k) => p[k])
    .find((v) => typeof v === 'string' && v.trim());
  return (pick as string | undefined) ?? id;
}

/** Message key of a submission with properties lacking a value or its date: `{{properties}}` names them. */
export const PROPERTY_VALUES_MISSING = 'wills.property_values_missing';

/**
 * The properties of a content value without an estimated value or without the date of the estimate (rows saved
 * before migration 0041; ADR 0257), named as in messages ({@link propertyName}).
 */
export function propertiesWithoutValue(c: HeirBequestContent): string[] {
  return [...c.moveables, ...c.immoveables]
    .filter((p) => senOrNull(p.value_sen) === null || !p.value_estimated_on)
    .map((p) => propertyName(c, String(p.id)));
}

/**
 * The refusal of the rule for a content value, or null when it is within one third (domain `oneThirdProblem`).
 * `strict` (the default): a property given to a non-heir without a value is a refusal of its own; otherwise such a
 * property is left out and only what can be counted is checked (saves that do not touch it, so that one property
 * saved before values were asked for, migration 0041, does not block every other change; submit is strict).
 */
export function oneThirdProblemOfContent(c: HeirBequestContent, strict = true): OneThirdProblem | null {
  const r = oneThirdOfContent(c);
  return oneThirdProblem(strict ? r : { ...r, missingValues: [] }, (id) => propertyName(c, id));
}

/** The refusal of the rule for a live will now (read from its rows), or null. */
async function willOneThirdProblem(db: Conn, willId: string, strict = true): Promise<OneThirdProblem | null> {
  return oneThirdProblemOfContent(await liveContent(db, willId), strict);
}

/**
 * Refuse the change just made inside the caller's transaction when the will's bequests to non-heirs now exceed one
 * third (strict: or a property given to a non-heir has no value): 422 on `field` with the figures; the transaction
 * rolls back, so nothing is saved.
 */
export async function assertWithinOneThird(db: Conn, willId: string, field: string, strict = false) {
  const problem = await willOneThirdProblem(db, willId, strict);
  if (problem) throw fieldError(field, problem.key, problem.params);
}

/** A property's declared portion as stored or sent (basis points), null when not declared. */
export const bpOf = (row: Record<string, unknown> | null | undefined) =>
  typeof row?.sepencarian_bp === 'number' ? row.sepencarian_bp : null;

/**
 * The refusal of the rule for a content value when the harta sepencarian declaration of property `propertyId`,
 * changed from `beforeBp` (basis points; null: not declared before), causes it (domain `declarationOneThirdProblem`;
 * ADR 0290), with the field to report it on: `sepencarian_bp` while the property is declared, `harta_sepencarian`
 * when the declaration was withdrawn; null when the rule holds or the declaration is not the cause (the caller
 * reports the plain refusal). Used by the will's property rows (property-service.ts) and an amendment's draft.
 */
export function declarationProblemOfContent(
  c: HeirBequestContent,
  propertyId: string,
  beforeBp: number | null,
): (OneThirdProblem & { field: 'sepencarian_bp' | 'harta_sepencarian' }) | null {
  const problem = declarationOneThirdProblem(ruleInputOf(c), propertyId, beforeBp);
  if (!problem) return null;
  const row = [...c.moveables, ...c.immoveables].find((p) => String(p.id) === propertyId);
  return { ...problem, field: bpOf(row) === null ? 'harta_sepencarian' : 'sepencarian_bp' };
}

/**
 * After a property of will `willId` was saved (`before` null on a create): a one-third refusal caused by its harta
 * sepencarian declaration is 422 on the declaration's field ({@link declarationProblemOfContent}); any other on
 * `value_sen` (ADR 0257). Inside the caller's transaction; the throw rolls the save back.
 */
export async function assertPropertyWithinOneThird(
  db: Conn,
  willId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  const beforeBp = bpOf(before);
  if (beforeBp !== bpOf(after)) {
    const p = declarationProblemOfContent(await liveContent(db, willId), String(after.id), beforeBp);
    if (p) throw fieldError(p.field, p.key, p.params);
  }
  await assertWithinOneThird(db, willId, 'value_sen');
}
