/**
 * Part D — Heirs (docs/api/wills.md heir calls; reference §3.1 Part F): the heirs in a list with add,
 * change and delete (GET /api/wasiat/{id}/heir, POST /api/heir, PATCH/DELETE /api/heir/{id}); "same as
 * the testator's address" copies the correspondence address of part C. Next needs at least one heir. Below the
 * heirs, the question on children who died before the testator (d/PredeceasedChildren.tsx; ADR 0270).
 */
import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { heirFieldsSchema, relationshipLabel } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { api } from '@/lib/api.ts';
import { useLang } from '../../../components/instrument/fields.tsx';
import { defaultsFor, heirSpecs } from '../../../components/instrument/party-fields.ts';
import { RecordForm } from '../../../components/instrument/RecordForm.tsx';
import { RecordsTable } from '../components/RecordsTable.tsx';
import { useWizard } from '../components/WizardLayout.tsx';
import { useRows } from '../hooks/useRows.ts';
import type { Heir, UserDetail } from '../types.ts';
import { PredeceasedChildren } from './d/PredeceasedChildren.tsx';

/** Part D page; see the file comment. */
export function PartD() {
  const { t } = useTranslation();
  const lang = useLang();
  const { wasiatId, editable, goNext } = useWizard();
  const heirs = useRows<Heir>(wasiatId, 'heir', 'heirs');
  const [editing, setEditing] = useState<Heir | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const specs = heirSpecs(t);
  const testator = useQuery({
    queryKey: ['wasiat', wasiatId, 'user-detail'],
    enabled: !!wasiatId,
    queryFn: async () =>
      (await api.get<{ user_detail: UserDetail | null }>(`wasiat/${wasiatId}/user-detail`)).user_detail,
  });

  const showForm = editing !== null && editable;
  const row = editing === 'new' ? null : editing;
  return (
    <Stack>
      <Title order={2}>{t('wills.parts.d')}</Title>
      <Text>{t('wills.d.intro')}</Text>
      <RecordsTable
        rows={heirs.rows}
        caption={t('wills.d.list')}
        empty={t('wills.d.empty')}
        name={(h) => h.name}
        testId="heirs"
        columns={[
          { label: t('wills.f.name'), render: (h) => h.name },
          { label: t('wills.f.relationship'), render: (h) => relationshipLabel(h.relationship, h.ic_number, lang) },
          { label: t('wills.f.ic_number'), render: (h) => h.ic_number ?? '—' },
          { label: t('wills.f.mobile_number'), render: (h) => h.mobile_number ?? '—' },
        ]}
        onEdit={editable ? (h) => setEditing(h) : undefined}
        onDelete={editable ? (h) => heirs.remove(h.id, h.name) : undefined}
      />
      {showForm ? (
        <RecordForm
          key={row?.id ?? 'new'}
          testId="heir-form"
          title={row ? t('wills.d.edit_title') : t('wills.d.add_title')}
          schema={heirFieldsSchema}
          fields={specs}
          defaults={defaultsFor(specs, row as Record<string, unknown> | null)}
          submitLabel={t('common.save')}
          onCancel={() => setEditing(null)}
          onSave={async (v) => {
            if (row) await heirs.update(row.id, v);
            else await heirs.create({ ...v, heirable_type: 'Wasiat', heirable_id: wasiatId });
            setEditing(null);
          }}
          extra={(form) => (
            <Checkbox
              label={t('wills.d.same_address')}
              disabled={!testator.data?.correspondence_address}
              onChange={(e) => {
                const d = testator.data;
                if (!e.currentTarget.checked || !d) return;
                form.setValue('address', d.correspondence_address ?? '');
                form.setValue('postcode', d.correspondence_postcode ?? '');
                form.setValue('city', d.correspondence_city ?? '');
                form.setValue('state', d.correspondence_state ?? null);
              }}
            />
          )}
        />
      ) : (
        editable && (
          <Group>
            <Button variant="light" onClick={() => setEditing('new')}>
              {t('wills.d.add')}
            </Button>
          </Group>
        )
      )}
      {/* Children who died before the testator and their children's wasiat wajibah (ADR 0270). */}
      <PredeceasedChildren wasiatId={wasiatId} editable={editable} />
      <FormError message={error} />
      <Group>
        <Button
          onClick={async () => {
            setError(null);
            if (!heirs.rows.length) return setError(t('wills.d.need_one'));
            await goNext('d');
          }}
        >
          {t('common.next')}
        </Button>
      </Group>
    </Stack>
  );
}
