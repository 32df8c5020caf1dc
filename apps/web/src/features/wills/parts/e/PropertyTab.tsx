/**
 * Movable and immovable property of a comprehensive will (docs/api/wills.md property calls; spec §3
 * Property; reference §3.7): a list with add/change/delete, type-specific fields for movable property
 * (vehicle, shares, insurance, savings, company, bank account), the land fields for immovable property
 * (category, land title type, title no., lot no., town type, town/mukim, district, state, address), and
 * per property its receivers with share portions.
 */
import { Button, Divider, Group, Paper, Stack } from '@mantine/core';
import {
  IMMOVEABLE_CATEGORIES,
  immoveableFieldsSchema,
  LAND_TITLE_TYPES,
  labelOf,
  MOVEABLE_PROPERTY_TYPES,
  MOVEABLE_REQUIRED,
  moveableFieldsSchema,
} from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../components/fields.tsx';
import { defaultsFor } from '../../components/personFields.ts';
import { type FieldSpec, RecordForm } from '../../components/RecordForm.tsx';
import { RecordsTable } from '../../components/RecordsTable.tsx';
import { useRows } from '../../hooks/useRows.ts';
import type { ImmoveableProperty, MoveableProperty, Receiver } from '../../types.ts';
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
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const specs = kind === 'moveable' ? moveableSpecs(t) : immoveableSpecs(t);
  const schema = kind === 'moveable' ? moveableFieldsSchema : immoveableFieldsSchema;
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
          defaults={defaultsFor(specs, row as Record<string, unknown> | null)}
          submitLabel={t('common.save')}
          onCancel={() => setEditing(null)}
          onSave={async (v) => {
            const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
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
          <Group>
            <Button variant="light" onClick={() => setEditing('new')}>
              {t('wills.e.add_property')}
            </Button>
          </Group>
        )
      )}
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
