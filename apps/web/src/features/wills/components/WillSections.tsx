/**
 * Read-only sections of a will (details page; docs/api/wills.md list calls): testator particulars, heirs,
 * (comprehensive) property with receivers and shares, guardians, bequests, and witnesses.
 */
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DESIGNATIONS,
  GENDERS,
  IMMOVEABLE_CATEGORIES,
  LAND_TITLE_TYPES,
  labelOf,
  MARITAL_STATUSES,
  MOVEABLE_PROPERTY_TYPES,
  NATIONALITIES,
  RACES,
  RELIGIONS,
  relationshipLabel,
} from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { useLang } from '../../../components/instrument/fields.tsx';
import { useWillList } from '../hooks/useWill.ts';
import type {
  Bequest,
  Caretaker,
  Heir,
  ImmoveableProperty,
  MoveableProperty,
  Page,
  PropertyReceiver,
  UserDetail,
  Will,
  Witness,
} from '../types.ts';
import { DetailTable } from './DetailTable.tsx';
import { WitnessIdentifiedCell } from './WitnessIdentifiedCell.tsx';

const join = (...xs: (string | null | undefined)[]) => xs.filter(Boolean).join(', ');

/** Testator particulars (GET /api/wasiat/{id}/user-detail). */
export function TestatorSection({ wasiatId }: { wasiatId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useQuery({
    queryKey: ['wasiat', wasiatId, 'user-detail'],
    queryFn: async () =>
      (
        await api
          .get<{ user_detail: UserDetail | null }>(`wasiat/${wasiatId}/user-detail`, undefined, { silent: true })
          .catch(() => ({ user_detail: null }))
      ).user_detail,
  });
  const d = q.data;
  return (
    <Stack gap="xs">
      <Title order={2}>{t('wills.details.testator')}</Title>
      {!d ? (
        <Text c="dimmed">{t('wills.details.nothing')}</Text>
      ) : (
        <DetailTable
          caption={t('wills.details.testator')}
          rows={[
            [t('wills.f.designation'), labelOf(DESIGNATIONS, d.designation ?? null, lang)],
            [t('wills.f.name'), d.name],
            [t('wills.f.ic_number'), d.ic_number],
            [t('wills.f.other_ic_number'), d.other_ic_number],
            [t('wills.f.gender'), labelOf(GENDERS, d.gender ?? null, lang)],
            [t('wills.f.race'), labelOf(RACES, d.race ?? null, lang)],
            [t('wills.f.religion'), labelOf(RELIGIONS, d.religion ?? null, lang)],
            [t('wills.f.nationality'), labelOf(NATIONALITIES, d.nationality ?? null, lang)],
            [t('wills.f.marital_status'), labelOf(MARITAL_STATUSES, d.marital_status ?? null, lang)],
            [t('wills.f.email'), d.email],
            [t('wills.f.mobile_number'), d.mobile_number],
            [t('wills.f.home_phone_number'), d.home_phone_number],
            [
              t('wills.c.correspondence'),
              join(d.correspondence_address, d.correspondence_postcode, d.correspondence_city, d.correspondence_state),
            ],
            [
              t('wills.c.permanent'),
              join(d.permanent_address, d.permanent_postcode, d.permanent_city, d.permanent_state),
            ],
          ]}
        />
      )}
    </Stack>
  );
}

/** A titled list table, or "none". */
function ListSection<T extends { id: string }>({
  title,
  rows,
  columns,
}: {
  title: string;
  rows: T[];
  columns: [string, (r: T) => React.ReactNode][];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2}>{title}</Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('wills.details.nothing')}</Text>
      ) : (
        <ListTable minWidth={500}>
          <Table.Caption>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map(([label]) => (
                <Table.Th key={label} scope="col">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                {columns.map(([label, render]) => (
                  <Table.Td key={label}>{render(r) ?? '—'}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
    </Stack>
  );
}

/** Receivers and shares of one property, as "Name (25%); …". */
function Shares({ kind, id }: { kind: 'moveable-property' | 'immoveable-property'; id: string }) {
  const q = useQuery({
    queryKey: ['property-receiver', kind === 'moveable-property' ? 'MoveableProperty' : 'ImmoveableProperty', id],
    queryFn: async () => {
      const r = await api.get<{ receivers: Page<PropertyReceiver> | PropertyReceiver[] }>(
        `${kind}/${id}/receiver`,
        undefined,
        { silent: true },
      );
      return Array.isArray(r.receivers) ? r.receivers : (r.receivers?.data ?? []);
    },
  });
  return <>{(q.data ?? []).map((r) => `${r.receiver?.name ?? ''} (${r.portion})`).join('; ') || '—'}</>;
}

/** Every people/property section of a will. */
export function WillSections({ will }: { will: Will }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = will.id;
  const heirs = useWillList<Heir>(id, 'heir', 'heirs');
  const witnesses = useWillList<Witness>(id, 'witness', 'witnesses');
  // An amended will (version > 1) shows every section: an amendment may add property to a basic will (ADR 0021).
  const comprehensive = will.plan === 'comprehensive' || (will.current_version ?? 1) > 1;
  const moveable = useWillList<MoveableProperty>(comprehensive ? id : null, 'moveable-property', 'moveable_properties');
  const immoveable = useWillList<ImmoveableProperty>(
    comprehensive ? id : null,
    'immoveable-property',
    'immoveable_properties',
  );
  const caretakers = useWillList<Caretaker>(comprehensive ? id : null, 'caretaker', 'caretakers');
  const bequests = useWillList<Bequest>(comprehensive ? id : null, 'bequest', 'bequests');
  const rel = (c: string | null | undefined, ic?: string | null) => relationshipLabel(c, ic, lang);
  return (
    <>
      <TestatorSection wasiatId={id} />
      <ListSection
        title={t('wills.parts.d')}
        rows={heirs.data ?? []}
        columns={[
          [t('wills.f.name'), (h) => h.name],
          [t('wills.f.relationship'), (h) => rel(h.relationship, h.ic_number)],
          [t('wills.f.ic_number'), (h) => h.ic_number],
          [t('wills.f.mobile_number'), (h) => h.mobile_number],
          [t('wills.f.address'), (h) => join(h.address, h.postcode, h.city, h.state)],
        ]}
      />
      {comprehensive && (
        <>
          <ListSection
            title={t('wills.e.tabs.moveable')}
            rows={moveable.data ?? []}
            columns={[
              [t('wills.f.property_type'), (p) => labelOf(MOVEABLE_PROPERTY_TYPES, p.property_type, lang)],
              [
                t('wills.f.particulars'),
                (p) =>
                  join(
                    p.institution_name,
                    p.account_number,
                    p.policy_number,
                    p.company_registration_number,
                    p.transport_manufacturer,
                    p.transport_model,
                    p.transport_registration_number,
                  ),
              ],
              [t('wills.f.receiver'), (p) => <Shares kind="moveable-property" id={p.id} />],
            ]}
          />
          <ListSection
            title={t('wills.e.tabs.immoveable')}
            rows={immoveable.data ?? []}
            columns={[
              [t('wills.f.category'), (p) => labelOf(IMMOVEABLE_CATEGORIES, p.category, lang)],
              [t('wills.f.land_title_type'), (p) => labelOf(LAND_TITLE_TYPES, p.property_type, lang)],
              [t('wills.f.property_no'), (p) => `${p.property_no} / ${p.lot_number}`],
              [t('wills.f.address'), (p) => join(p.address, p.city, p.district, p.state)],
              [t('wills.f.receiver'), (p) => <Shares kind="immoveable-property" id={p.id} />],
            ]}
          />
          <ListSection
            title={t('wills.e.tabs.caretaker')}
            rows={caretakers.data ?? []}
            columns={[
              [t('wills.f.name'), (c) => c.name],
              [t('wills.f.ic_number'), (c) => c.ic_number],
              [t('wills.f.relationship'), (c) => rel(c.relationship)],
              [t('wills.f.wards'), (c) => c.wards],
            ]}
          />
          <ListSection
            title={t('wills.e.tabs.bequest')}
            rows={bequests.data ?? []}
            columns={[
              [t('wills.f.beneficiary_name'), (b) => b.beneficiary_name],
              [t('wills.f.purpose'), (b) => b.purpose],
              [t('wills.f.portion'), (b) => b.portion],
            ]}
          />
        </>
      )}
      <ListSection
        title={t('wills.parts.g')}
        rows={witnesses.data ?? []}
        columns={[
          [t('wills.f.name'), (w) => w.name],
          [t('wills.f.ic_number'), (w) => w.ic_number],
          [t('wills.f.email'), (w) => w.email],
          [t('wills.g.signed'), (w) => (w.signature?.id || w.signature_id ? t('common.yes') : t('common.no'))],
          [t('witness.identified_label'), (w) => <WitnessIdentifiedCell will={will} witness={w} />],
        ]}
      />
    </>
  );
}
