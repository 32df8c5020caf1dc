/**
 * Bequests (wasiat am) of a comprehensive will (docs/api/wills.md bequest calls; DESIGN.md §6 "at most 1/3
 * of the net estate to non-heirs"): beneficiary, optional MyKad, relationship and purpose, and a portion
 * ("10%" or "1/4"). The bequests together may not exceed the whole; the error shows on the portion field.
 * The server also refuses, on the portion field, everything given to non-heirs — these bequests and the shares
 * of property at their values — beyond one third of the net estate, naming the figures (`wills.one_third_exceeded`;
 * ADR 0257). A bequest to an heir is accepted: the notice above the tabs says that it takes effect only with the
 * other heirs' consent after the death, which the testator cannot record.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { bequestFieldsSchema, labelOf, portionsExceedWhole, RELATIONSHIPS, V } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bequestSpecs } from '@/components/instrument/person-fields.ts';
import { ApiError } from '@/lib/api.ts';
import { useLang } from '../../components/fields.tsx';
import { defaultsFor } from '../../components/personFields.ts';
import { RecordForm } from '../../components/RecordForm.tsx';
import { RecordsTable } from '../../components/RecordsTable.tsx';
import { useRows } from '../../hooks/useRows.ts';
import type { Bequest } from '../../types.ts';

/** The bequest tab; see the file comment. */
export function BequestsTab({ wasiatId, editable }: { wasiatId: string; editable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows = useRows<Bequest>(wasiatId, 'bequest', 'bequests');
  const [editing, setEditing] = useState<Bequest | 'new' | null>(null);
  const specs = bequestSpecs(t);
  const row = editing === 'new' ? null : editing;
  return (
    <Stack>
      <Text>{t('wills.e.bequest_intro')}</Text>
      <RecordsTable
        rows={rows.rows}
        caption={t('wills.e.tabs.bequest')}
        empty={t('wills.e.none_yet')}
        name={(r) => r.beneficiary_name}
        testId="bequest-list"
        columns={[
          { label: t('wills.f.beneficiary_name'), render: (r) => r.beneficiary_name },
          {
            label: t('wills.f.relationship'),
            render: (r) => labelOf(RELATIONSHIPS, r.relationship ?? null, lang) || '—',
          },
          { label: t('wills.f.purpose'), render: (r) => r.purpose ?? '—' },
          { label: t('wills.f.portion'), render: (r) => r.portion },
        ]}
        onEdit={editable ? setEditing : undefined}
        onDelete={editable ? (r) => rows.remove(r.id, r.beneficiary_name) : undefined}
      />
      {editing !== null && editable ? (
        <RecordForm
          key={row?.id ?? 'new'}
          testId="bequest-form"
          title={t(row ? 'wills.e.edit_bequest' : 'wills.e.add_bequest')}
          schema={bequestFieldsSchema}
          fields={specs}
          defaults={defaultsFor(specs, row as Record<string, unknown> | null)}
          submitLabel={t('common.save')}
          onCancel={() => setEditing(null)}
          onSave={async (v) => {
            const others = rows.rows.filter((r) => r.id !== row?.id).map((r) => r.portion);
            if (portionsExceedWhole([...others, v.portion])) {
              throw new ApiError(422, t(V.shareTotalOver), { portion: [t(V.shareTotalOver)] });
            }
            const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
            if (row) await rows.update(row.id, body);
            else await rows.create({ ...body, wasiat_id: wasiatId });
            setEditing(null);
          }}
        />
      ) : (
        editable && (
          <Group>
            <Button variant="light" onClick={() => setEditing('new')}>
              {t('wills.e.add_bequest')}
            </Button>
          </Group>
        )
      )}
    </Stack>
  );
}
