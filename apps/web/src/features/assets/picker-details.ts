/**
 * What a will's property needs beyond what an asset map entry holds (issue 40 item 6; ADR 0269): the fields the
 * picker asks for before it adds an entry to the will (the server's to-will.ts copies the rest and answers a 422
 * naming any field still missing). Labels are the will property form's own (`wills.f.*`).
 */
import { type CatalogueEntry, IMMOVEABLE_CATEGORIES, LAND_TITLE_TYPES, STATES, willPropertyOf } from '@wasiat/domain';
import type { Asset } from './api.ts';

/** One detail input: its field name, label key and, for a choice, its options. */
export interface DetailField {
  name: string;
  labelKey: string;
  options?: readonly CatalogueEntry[] | readonly string[];
}

const LAND: DetailField[] = [
  { name: 'category', labelKey: 'wills.f.category', options: IMMOVEABLE_CATEGORIES },
  { name: 'property_type', labelKey: 'wills.f.land_title_type', options: LAND_TITLE_TYPES },
  { name: 'property_no', labelKey: 'wills.f.property_no' },
  { name: 'lot_number', labelKey: 'wills.f.lot_number' },
  { name: 'city', labelKey: 'wills.f.city_mukim' },
  { name: 'district', labelKey: 'wills.f.district' },
  { name: 'state', labelKey: 'wills.f.state', options: STATES },
];

/** The detail fields entry `a` needs to become a will's property ([] when it cannot become one). */
export function detailFieldsOf(a: Pick<Asset, 'kind' | 'institution' | 'reference'>): DetailField[] {
  const pick = willPropertyOf(a.kind);
  if ('refusal' in pick) return [];
  const t = pick.target;
  if (t.kind === 'immoveable') return LAND;
  const out: DetailField[] = [];
  if (t.property_type === 'vehicle') {
    out.push({ name: 'transport_type', labelKey: 'wills.f.transport_type' });
    out.push({ name: 'transport_manufacturer', labelKey: 'wills.f.transport_manufacturer' });
    if (!a.reference)
      out.push({ name: 'transport_registration_number', labelKey: 'wills.f.transport_registration_number' });
    return out;
  }
  if (!a.institution) out.push({ name: 'institution_name', labelKey: 'wills.f.institution_name' });
  if (!a.reference) out.push({ name: 'account_number', labelKey: 'wills.f.account_number' });
  return out;
}

/** Whether entry `a` belongs in the will property tab of `kind` (nominations and debts show in the movable tab). */
export function fitsTab(a: Pick<Asset, 'kind'>, kind: 'moveable' | 'immoveable'): boolean {
  const pick = willPropertyOf(a.kind);
  if ('refusal' in pick) return kind === 'moveable';
  return pick.target.kind === kind;
}
