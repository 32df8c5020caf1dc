/**
 * Movable and immovable property of a comprehensive will (docs/api/wills.md property calls; spec §3
 * Property; reference §3.7): a list with add/change/delete, type-specific fields for movable property
 * (vehicle, shares, insurance, savings, company, bank account), the land fields for immovable property
 * (category, land title type, title no., lot no., town type, town/mukim, district, state, address), the
 * estimated value in ringgit (saved as sen) with the date of the estimate — both required: the one-third rule
 * counts a share given to a non-heir at this value (issue 37 item 2; ADR 0257) — and per property its receivers
 * with share portions. A property may be declared harta sepencarian (issue 41 item 5; ADR 0286,
 * {@link sepencarianSpecs}): the spouse (a husband or wife among the heirs, else a name typed), the spouse's
 * portion in % (sent as basis points), the basis (agreed / estimated) and its note.
 */
import { Button, Divider, Group, Paper, Stack } from '@mantine/core';
import {
  formatBasisPoints,
  formatKlDate,
  formatRinggit,
  IMMOVEABLE_CATEGORIES,
  LAND_TITLE_TYPES,
  labelOf,
  MOVEABLE_PROPERTY_TYPES,
  MOVEABLE_REQUIRED,
  willImmoveableFieldsSchema,
  willMoveableFieldsSchema,
} from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfferGate, useOffer } from '@/components/instrument/OfferGate.tsx';
import { AssetPicker } from '@/features/assets/index.ts';
import { useLang } from '../../../../components/instrument/fields.tsx';
import { defaultsFor } from '../../../../components/instrument/party-fields.ts';
import { type FieldSpec, RecordForm } from '../../../../components/instrument/RecordForm.tsx';
import { RecordsTable } from '../../components/RecordsTable.tsx';
import { useRows } from '../../hooks/useRows.ts';
import { useWillList } from '../../hooks/useWill.ts';
import type { Heir, ImmoveableProperty, MoveableProperty, Receiver, SepencarianFields } from '../../types.ts';
import { PropertyReceivers } from './PropertyReceivers.tsx';

type T = (k: string) => string;

/** The detail fields a movable property type needs (reference §3.7; @wasiat/domain MOVEABLE_REQUIRED). */
export const moveableDetailFields = (type: string | null | undefined): readonly string[] =>
  (type && MOVEABLE_REQUIRED[type]) || [];

const DETAIL_FIELDS = [
  'institution_name',
  'account_number',
  'policy_number',
  'company_registration_number',
  'transport_type',
  'transport_manufacturer',
  'transport_model',
  'transport_registration_number',
];

/** Movable property fields: the type, then only the details that type needs. */
export const moveableSpecs = (t: T): FieldSpec[] => [
  {
    name: 'property_type',
    label: t('wills.f.property_type'),
    kind: 'catalogue',
    catalogue: MOVEABLE_PROPERTY_TYPES,
    required: true,
  },
  ...DETAIL_FIELDS.map((name) => ({
    name,
    label: t(`wills.f.${name}`),
    required: true,
    visible: (v: Record<string, unknown>) => moveableDetailFields(v.property_type as string).includes(name),
  })),
];

/**
 * The value of a will's property (ADR 0257): the estimate in ringgit (sent as sen) and the date of the estimate,
 * both required. Not part of {@link moveableSpecs} / {@link immoveableSpecs}, which a hibah's forms share.
 */
export const valueSpecs = (t: T): FieldSpec[] => [
  {
    name: 'value_sen',
    label: t('wills.f.value_sen'),
    kind: 'ringgit',
    required: true,
    description: t('wills.e.value_help'),
  },
  {
    name: 'value_estimated_on',
    label: t('wills.f.value_estimated_on'),
    type: 'date',
    required: true,
    description: t('wills.e.value_date_help'),
  },
];

/** An heir as the harta sepencarian spouse select reads it (a will's heir, or an amendment draft's). */
export type SpouseHeir = Pick<Heir, 'id' | 'name' | 'relationship' | 'ic_number'>;

/**
 * The heirs who can be the spouse of a harta sepencarian declaration: husbands and wives of part d (a will's heirs,
 * or an amendment draft's part c; ADR 0286).
 */
export const spouseHeirs = <H extends SpouseHeir>(heirs: readonly H[]) =>
  heirs.filter((h) => h.relationship === 'husband' || h.relationship === 'wife');

const declared = (v: Record<string, unknown>) => v.harta_sepencarian === true;

/**
 * The harta sepencarian fields of a will's property (ADR 0286): a switch, then — when on — the spouse (a select of
 * the will's husband/wife heirs when there are any, whose name and MyKad the server copies; else, or when none is
 * picked, the name and MyKad typed), the spouse's portion in % (0 < p ≤ 100, two decimals; sent as basis points),
 * the basis (agreed / estimated) and its note. Not part of {@link moveableSpecs} / {@link immoveableSpecs}, which a
 * hibah's forms share.
 */
export const sepencarianSpecs = (t: T, spouses: readonly SpouseHeir[]): FieldSpec[] => {
  const typed = (v: Record<string, unknown>) => declared(v) && (!spouses.length || !v.sepencarian_spouse_heir_id);
  return [
    {
      name: 'harta_sepencarian',
      label: t('wills.f.harta_sepencarian'),
      kind: 'switch',
      description: t('wills.e.sepencarian_help'),
    },
    ...(spouses.length
      ? [
          {
            name: 'sepencarian_spouse_heir_id',
            label: t('wills.f.sepencarian_spouse_heir_id'),
            kind: 'select' as const,
            options: spouses.map((h) => ({ value: h.id, label: h.ic_number ? `${h.name} (${h.ic_number})` : h.name })),
            visible: declared,
          },
        ]
      : []),
    { name: 'sepencarian_spouse_name', label: t('wills.f.sepencarian_spouse_name'), required: true, visible: typed },
    { name: 'sepencarian_spouse_ic', label: t('wills.f.sepencarian_spouse_ic'), inputMode: 'numeric', visible: typed },
    {
      name: 'sepencarian_bp',
      label: t('wills.f.sepencarian_bp'),
      kind: 'percent',
      required: true,
      description: t('wills.e.sepencarian_bp_help'),
      visible: declared,
    },
    {
      name: 'sepencarian_basis',
      label: t('wills.f.sepencarian_basis'),
      kind: 'select',
      required: true,
      options: ['agreed', 'estimated'].map((v) => ({ value: v, label: t(`wills.e.sepencarian_basis.${v}`) })),
      visible: declared,
    },
    {
      name: 'sepencarian_basis_note',
      label: t('wills.f.sepencarian_basis_note'),
      kind: 'textarea',
      required: true,
      description: t('wills.e.sepencarian_note_help'),
      visible: declared,
    },
  ];
};

/** The form's starting values of a property's declaration: the switch on when the row is declared. */
export const sepencarianDefaults = (row: SepencarianFields | null) => ({
  harta_sepencarian: row?.sepencarian_bp != null,
});

/** "50% — Siti binti Ahmad (dipersetujui)", or "-" when the property is not declared harta sepencarian. */
export const sepencarianText = (t: (k: string) => string, r: SepencarianFields) =>
  r.sepencarian_bp == null
    ? '-'
    : `${formatBasisPoints(r.sepencarian_bp)} — ${r.sepencarian_spouse_name ?? ''}${
        r.sepencarian_basis ? ` (${t(`wills.e.sepencarian_basis.${r.sepencarian_basis}`)})` : ''
      }`;

/** "RM 500,000.00 (anggaran pada 15 Jan 2026)", or that no value is given yet. */
export const valueText = (
  t: (k: string, o?: Record<string, unknown>) => string,
  r: { value_sen?: number | null; value_estimated_on?: string | null },
  lang: 'ms' | 'en',
) =>
  r.value_sen == null
    ? t('wills.e.value_missing')
    : r.value_estimated_on
      ? t('wills.e.value_line', { amount: formatRinggit(r.value_sen), date: formatKlDate(r.value_estimated_on, lang) })
      : formatRinggit(r.value_sen);

/** Town kinds of an immovable property (reference §6.11c). */
const CITY_TYPE_OPTIONS = (t: T) =>
  ['bandar', 'pekan', 'mukim'].map((v) => ({ value: v, label: t(`wills.e.city_type.${v}`) }));

/** Immovable property fields (reference §3.7). */
export const immoveableSpecs = (t: T): FieldSpec[] => [
  {
    name: 'category',
    label: t('wills.f.category'),
    kind: 'catalogue',
    catalogue: IMMOVEABLE_CATEGORIES,
    required: true,
  },
  {
    name: 'property_type',
    label: t('wills.f.land_title_type'),
    kind: 'catalogue',
    catalogue: LAND_TITLE_TYPES,
    required: true,
  },
  { name: 'property_no', label: t('wills.f.property_no'), required: true },
  { name: 'lot_number', label: t('wills.f.lot_number'), required: true },
  { name: 'city_type', label: t('wills.f.city_type'), kind: 'select', options: CITY_TYPE_OPTIONS(t) },
  { name: 'city', label: t('wills.f.city_mukim'), required: true },
  { name: 'district', label: t('wills.f.district'), required: true },
  { name: 'state', label: t('wills.f.state'), kind: 'state', required: true },
  { name: 'address', label: t('wills.f.address'), kind: 'textarea', required: true },
];

type Kind = 'moveable' | 'immoveable';
type Row = MoveableProperty | ImmoveableProperty;

/** One property tab (movable or immovable); see the file comment. */
export function PropertyTab({
  kind,
  wasiatId,
  editable,
  receivers,
}: {
  kind: Kind;
  wasiatId: string;
  editable: boolean;
  receivers: Receiver[];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const path = kind === 'moveable' ? 'moveable-property' : 'immoveable-property';
  const rowsOf = useRows<Row>(wasiatId, path, kind === 'moveable' ? 'moveable_properties' : 'immoveable_properties');
  const offer = useOffer('wasiat', wasiatId);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const heirs = useWillList<Heir>(wasiatId, 'heir', 'heirs');
  const spouses = spouseHeirs(heirs.data ?? []);
  const specs = [
    ...(kind === 'moveable' ? moveableSpecs(t) : immoveableSpecs(t)),
    ...valueSpecs(t),
    ...sepencarianSpecs(t, spouses),
  ];
  const schema = kind === 'moveable' ? willMoveableFieldsSchema : willImmoveableFieldsSchema;
  const describe = (r: Row) =>
    kind === 'moveable'
      ? `${labelOf(MOVEABLE_PROPERTY_TYPES, (r as MoveableProperty).property_type, lang)} ${
          (r as MoveableProperty).institution_name ?? (r as MoveableProperty).transport_registration_number ?? ''
        }`.trim()
      : `${labelOf(IMMOVEABLE_CATEGORIES, (r as ImmoveableProperty).category, lang)} ${(r as ImmoveableProperty).property_no}`;
  const row = editing === 'new' ? null : editing;

  return (
    <Stack>
      <RecordsTable
        rows={rowsOf.rows}
        caption={t(`wills.e.tabs.${kind}`)}
        empty={t('wills.e.no_property')}
        name={describe}
        testId={`${kind}-list`}
        columns={
          kind === 'moveable'
            ? [
                {
                  label: t('wills.f.property_type'),
                  render: (r) => labelOf(MOVEABLE_PROPERTY_TYPES, (r as MoveableProperty).property_type, lang),
                },
                { label: t('wills.f.particulars'), render: (r) => describe(r) },
                { label: t('wills.f.value'), render: (r) => valueText(t, r, lang) },
                { label: t('wills.f.harta_sepencarian_short'), render: (r) => sepencarianText(t, r) },
              ]
            : [
                {
                  label: t('wills.f.category'),
                  render: (r) => labelOf(IMMOVEABLE_CATEGORIES, (r as ImmoveableProperty).category, lang),
                },
                {
                  label: t('wills.f.land_title_type'),
                  render: (r) => labelOf(LAND_TITLE_TYPES, r.property_type, lang),
                },
                { label: t('wills.f.property_no'), render: (r) => (r as ImmoveableProperty).property_no },
                { label: t('wills.f.lot_number'), render: (r) => (r as ImmoveableProperty).lot_number },
                { label: t('wills.f.value'), render: (r) => valueText(t, r, lang) },
                { label: t('wills.f.harta_sepencarian_short'), render: (r) => sepencarianText(t, r) },
              ]
        }
        onEdit={editable ? setEditing : undefined}
        onDelete={editable ? (r) => rowsOf.remove(r.id, describe(r)) : undefined}
      />
      {editing !== null && editable ? (
        <RecordForm
          key={row?.id ?? 'new'}
          testId={`${kind}-form`}
          title={row ? t('wills.e.edit_property') : t('wills.e.add_property')}
          schema={schema}
          fields={specs}
          defaults={{ ...defaultsFor(specs, row as Record<string, unknown> | null), ...sepencarianDefaults(row) }}
          submitLabel={t('common.save')}
          onCancel={() => setEditing(null)}
          onSave={async (v) => {
            const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
            // The switch off: the schema's output has every declaration field null; say so, so the server clears it.
            if (body.sepencarian_bp === null) body.harta_sepencarian = false;
            if (row) await rowsOf.update(row.id, body);
            else
              await rowsOf.create(
                kind === 'moveable'
                  ? { ...body, moveable_type: 'Wasiat', moveable_id: wasiatId }
                  : { ...body, immoveable_type: 'Wasiat', immoveable_id: wasiatId },
              );
            setEditing(null);
          }}
        />
      ) : (
        editable && (
          <OfferGate offer={offer} row="property">
            <Group>
              <Button variant="light" onClick={() => setEditing('new')}>
                {t('wills.e.add_property')}
              </Button>
            </Group>
          </OfferGate>
        )
      )}
      {/* "From my asset map" (issue 40 item 6; ADR 0269): beside the form, which it leaves as it is. */}
      {editable && <AssetPicker kind={kind} wasiatId={wasiatId} onAdded={() => void rowsOf.refresh()} />}
      {rowsOf.rows.map((r) => (
        <Paper key={r.id} withBorder p="sm">
          <PropertyReceivers
            kind={kind === 'moveable' ? 'MoveableProperty' : 'ImmoveableProperty'}
            propertyId={r.id}
            receivers={receivers}
            editable={editable}
            label={describe(r)}
          />
        </Paper>
      ))}
      <Divider />
    </Stack>
  );
}
