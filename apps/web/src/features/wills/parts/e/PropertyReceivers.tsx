/**
 * Receivers of one property with their share portions (docs/api/wills.md property-receiver calls; spec §5
 * "Share portions are a number with % or a fraction. Percentages must be between 1 and 100"): lists
 * GET /api/{moveable|immoveable}-property/{id}/receiver, adds with POST /api/property-receiver and deletes
 * with DELETE /api/property-receiver/{id}. Portions over the whole are refused next to the portion field,
 * here first and by the server (422 `validation.share_total_over` on `portion`).
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { portion, portionsExceedWhole, requiredString, V } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, api } from '@/lib/api.ts';
import { confirmDelete } from '@/lib/notify.tsx';
import { RecordForm } from '../../../../components/instrument/RecordForm.tsx';
import { RecordsTable } from '../../components/RecordsTable.tsx';
import type { Page, PropertyReceiver, Receiver } from '../../types.ts';

const schema = z.object({ receiver_id: requiredString(), portion: portion() });

/**
 * The key of the error for a new portion given the portions already set, or null: the shares of one
 * property may not exceed the whole (checked exactly with fractions by @wasiat/domain).
 */
export function newPortionError(existing: string[], next: string): string | null {
  return portionsExceedWhole([...existing, next]) ? V.shareTotalOver : null;
}

/** The receivers and shares of one property; see the file comment. */
export function PropertyReceivers({
  kind,
  propertyId,
  receivers,
  editable,
  label,
}: {
  kind: 'MoveableProperty' | 'ImmoveableProperty';
  propertyId: string;
  receivers: Receiver[];
  editable: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const path = kind === 'MoveableProperty' ? 'moveable-property' : 'immoveable-property';
  const key = ['property-receiver', kind, propertyId];
  const list = useQuery({
    queryKey: key,
    queryFn: async () => {
      const r = await api.get<{ receivers: Page<PropertyReceiver> | PropertyReceiver[] }>(
        `${path}/${propertyId}/receiver`,
      );
      return Array.isArray(r.receivers) ? r.receivers : (r.receivers?.data ?? []);
    },
  });
  const rows = list.data ?? [];
  const nameOf = (row: PropertyReceiver) =>
    row.receiver?.name ?? receivers.find((x) => x.id === row.receiver_id)?.name ?? '—';
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: key }), qc.invalidateQueries({ queryKey: ['wasiat'] })]);

  return (
    <Stack gap="xs">
      <Title order={3}>{t('wills.e.shares_of', { property: label })}</Title>
      <RecordsTable
        rows={rows}
        caption={t('wills.e.shares_of', { property: label })}
        empty={t('wills.e.no_shares')}
        name={nameOf}
        columns={[
          { label: t('wills.f.receiver'), render: nameOf },
          { label: t('wills.f.portion'), render: (r) => r.portion },
        ]}
        onDelete={
          editable
            ? (r) =>
                confirmDelete(nameOf(r), async () => {
                  await api.delete(`property-receiver/${r.id}`).finally(refresh);
                })
            : undefined
        }
      />
      {editable && !receivers.length && <Text size="sm">{t('wills.e.add_receivers_first')}</Text>}
      {editable && adding && (
        <RecordForm
          testId={`share-form-${propertyId}`}
          title={t('wills.e.add_share')}
          schema={schema}
          defaults={{ receiver_id: receivers.length === 1 ? receivers[0].id : '', portion: '' }}
          fields={[
            {
              name: 'receiver_id',
              label: t('wills.f.receiver'),
              kind: 'select',
              required: true,
              options: receivers.map((r) => ({ value: r.id, label: r.name })),
            },
            { name: 'portion', label: t('wills.f.portion'), required: true, description: t('wills.e.portion_help') },
          ]}
          submitLabel={t('common.save')}
          onCancel={() => setAdding(false)}
          onSave={async (v) => {
            const over = newPortionError(
              rows.map((r) => r.portion),
              v.portion,
            );
            if (over) throw new ApiError(422, t(over), { portion: [t(over)] });
            await api.post(
              'property-receiver',
              { ...v, propertyable_type: kind, propertyable_id: propertyId },
              { silent: true },
            );
            await refresh();
            setAdding(false);
          }}
        />
      )}
      {editable && !adding && receivers.length > 0 && (
        <Group>
          <Button size="xs" variant="light" onClick={() => setAdding(true)}>
            {t('wills.e.add_share_for', { property: label })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
