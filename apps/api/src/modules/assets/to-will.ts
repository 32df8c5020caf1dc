/**
 * Picking an entry of the asset map into a will's property (issue 40 item 6 "it feeds the will"; ADR 0269):
 * `POST /asset/{id}/will-property { wasiat_id, details? }`. The will's own property rules do the rest — the wills
 * module's `createOwned` with its movable or immovable kind (preferences, limits, the part lock, the one-third rule,
 * the audit event `MoveableProperty.create` / `ImmoveableProperty.create`) — so a property added this way is the
 * same as one typed into the wizard's form.
 *
 * Copied from the entry: the kind (bank account → movable "bank", investment → "shares", vehicle → "vehicle",
 * land / house → immovable), the institution (`institution_name`), the reference (account number or vehicle
 * registration), the description (a vehicle's model, a property's address, unless `details` gives them) and the
 * value with the date of its estimate (ADR 0257). `details` supplies what the map does not hold (a vehicle's make,
 * a title's number and lot, …) under the will property's field names; a field still missing is a 422 naming it.
 *
 * Refused: a nomination (422 `assets.nomination_not_property` on `kind`: the institution pays the nominee outside
 * the estate — domain assets.ts for the sources read), a debt or zakat (`assets.liability_not_property`), and a will
 * of another testator (422 `assets.will_other_testator` on `wasiat_id`). A will the caller may not see: 404.
 */
import { ASSET_MSG, type AssetKindEntry, immoveableSchema, moveableSchema, willPropertyOf } from '@wasiat/domain';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { createOwned, findVisibleWill, IMMOVEABLE, MOVEABLE, parseBody } from '../wills/index.ts';
import { assertCanManage } from './policy.ts';
import type { AssetRow } from './queries.ts';
import { findVisibleAsset } from './queries.ts';
import type { Actor } from './service.ts';

type Target = NonNullable<AssetKindEntry['willProperty']>;

/** The will property body an entry gives, before `details` (see the module comment). */
function copied(row: AssetRow, target: Target): Record<string, unknown> {
  const value = { value_sen: row.value_sen, value_estimated_on: row.value_estimated_on };
  if (target.kind === 'immoveable') return { address: row.description, ...value };
  if (target.property_type === 'vehicle') {
    return {
      property_type: 'vehicle',
      transport_model: row.description,
      transport_registration_number: row.reference ?? undefined,
      ...value,
    };
  }
  return {
    property_type: target.property_type,
    institution_name: row.institution ?? undefined,
    account_number: row.reference ?? undefined,
    ...value,
  };
}

/**
 * Add entry `assetId` to will `wasiatId` as its property (see the module comment).
 * @returns `{ kind: 'moveable' | 'immoveable', moveable_property | immoveable_property }` (the new row).
 */
export async function assetToWill(
  db: Db,
  actor: Actor,
  assetId: string,
  body: { wasiat_id: string; details?: Record<string, unknown> },
) {
  const row = await findVisibleAsset(db, actor.user, assetId);
  assertCanManage(actor.user, row.user_id);
  const pick = willPropertyOf(row.kind);
  if ('refusal' in pick) throw fieldError('kind', pick.refusal);
  const will = await findVisibleWill(db, actor.user, body.wasiat_id);
  if (will.user_id !== row.user_id) throw fieldError('wasiat_id', ASSET_MSG.willOtherTestator);
  const target = pick.target;
  const {
    moveable_type: _mt,
    moveable_id: _mi,
    immoveable_type: _it,
    immoveable_id: _ii,
    ...extra
  } = body.details ?? {};
  const draft = {
    ...copied(row, target),
    ...extra,
    value_sen: row.value_sen,
    value_estimated_on: row.value_estimated_on,
  };
  const willActor = { user: actor.user, ip: actor.ip };
  let created: Record<string, unknown>;
  if (target.kind === 'moveable') {
    const {
      moveable_type: _t,
      moveable_id: _i,
      ...values
    } = parseBody(moveableSchema, {
      ...draft,
      property_type: target.property_type,
      moveable_type: 'Wasiat',
      moveable_id: will.id,
    });
    created = await createOwned(db, willActor, MOVEABLE, will.id, values);
  } else {
    const {
      immoveable_type: _t,
      immoveable_id: _i,
      ...values
    } = parseBody(immoveableSchema, {
      ...draft,
      immoveable_type: 'Wasiat',
      immoveable_id: will.id,
    });
    created = await createOwned(db, willActor, IMMOVEABLE, will.id, values);
  }
  await recordAudit(db, {
    actorId: actor.user.id,
    action: 'asset.to_will',
    entityType: 'Asset',
    entityId: row.id,
    after: { wasiat_id: will.id, property_type: target.kind, property_id: created.id },
    ip: actor.ip,
  });
  return target.kind === 'moveable'
    ? { kind: 'moveable' as const, moveable_property: created }
    : { kind: 'immoveable' as const, immoveable_property: created };
}
