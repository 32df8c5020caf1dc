/**
 * Receivers of property and guardians of minor children of a comprehensive will (docs/api/wills.md
 * receiver and caretaker calls; spec §3 "Related: … guardian, beneficiary"): a list with add/change/delete;
 * a receiver is picked from the heirs of part D and a guardian's wards chosen from them (HeirPicker).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { caretakerFieldsSchema, receiverFieldsSchema, relationshipLabel } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfferGate, useOffer } from '@/components/instrument/OfferGate.tsx';
import { useLang } from '../../../../components/instrument/fields.tsx';
import { caretakerSpecs, defaultsFor, receiverSpecs } from '../../../../components/instrument/party-fields.ts';
import { RecordForm } from '../../../../components/instrument/RecordForm.tsx';
import { HeirPicker } from '../../components/HeirPicker.tsx';
import { RecordsTable } from '../../components/RecordsTable.tsx';
import { useRows } from '../../hooks/useRows.ts';
import { useWillList } from '../../hooks/useWill.ts';
import type { Caretaker, Heir, Receiver } from '../../types.ts';

type Kind = 'receiver' | 'caretaker';
type Row = Receiver | Caretaker;

/** Receivers (kind "receiver") or guardians (kind "caretaker") of a will. */
export function PeopleTab({ kind, wasiatId, editable }: { kind: Kind; wasiatId: string; editable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows = useRows<Row>(wasiatId, kind, kind === 'receiver' ? 'receivers' : 'caretakers');
  const heirs = useWillList<Heir>(wasiatId, 'heir', 'heirs');
  const offer = useOffer('wasiat', wasiatId);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const specs = kind === 'receiver' ? receiverSpecs(t) : caretakerSpecs(t);
  const row = editing === 'new' ? null : editing;
  return (
    <Stack>
      <Text>{t(`wills.e.${kind}_intro`)}</Text>
      <RecordsTable
        rows={rows.rows}
        caption={t(`wills.e.tabs.${kind}`)}
        empty={t('wills.e.none_yet')}
        name={(r) => r.name}
        testId={`${kind}-list`}
        columns={[
          { label: t('wills.f.name'), render: (r) => r.name },
          { label: t('wills.f.relationship'), render: (r) => relationshipLabel(r.relationship, r.ic_number, lang) },
          { label: t('wills.f.ic_number'), render: (r) => r.ic_number ?? '—' },
          ...(kind === 'caretaker'
            ? [{ label: t('wills.f.wards'), render: (r: Row) => (r as Caretaker).wards ?? '' }]
            : []),
        ]}
        onEdit={editable ? setEditing : undefined}
        onDelete={editable ? (r) => rows.remove(r.id, r.name) : undefined}
      />
      {editing !== null && editable ? (
        <RecordForm
          key={row?.id ?? 'new'}
          testId={`${kind}-form`}
          title={t(row ? `wills.e.edit_${kind}` : `wills.e.add_${kind}`)}
          schema={kind === 'receiver' ? receiverFieldsSchema : caretakerFieldsSchema}
          fields={specs}
          defaults={defaultsFor(specs, row as Record<string, unknown> | null)}
          submitLabel={t('common.save')}
          lead={
            kind === 'receiver'
              ? (form) => <HeirPicker heirs={heirs.data ?? []} form={form} mode="receiver" />
              : undefined
          }
          extra={
            kind === 'receiver' ? undefined : (form) => <HeirPicker heirs={heirs.data ?? []} form={form} mode="wards" />
          }
          onCancel={() => setEditing(null)}
          onSave={async (v) => {
            const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
            if (row) await rows.update(row.id, body);
            else
              await rows.create(
                kind === 'receiver'
                  ? { ...body, receivable_type: 'Wasiat', receivable_id: wasiatId }
                  : { ...body, caretakerable_type: 'Wasiat', caretakerable_id: wasiatId },
              );
            setEditing(null);
          }}
        />
      ) : (
        editable && (
          <OfferGate offer={offer} row={kind}>
            <Group>
              <Button variant="light" onClick={() => setEditing('new')}>
                {t(`wills.e.add_${kind}`)}
              </Button>
            </Group>
          </OfferGate>
        )
      )}
    </Stack>
  );
}
