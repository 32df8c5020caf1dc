/**
 * A list of a hibah's rows of one kind with add, edit (POST with `_method: PATCH`) and delete (receivers, caretakers, heirs, witnesses,
 * property), using the shared record form (features/wills RecordForm) for the fields.
 */
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { OfferedRow } from '@wasiat/domain';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { OfferGate, useOffer } from '@/components/instrument/OfferGate.tsx';
import { type FieldSpec, RecordForm } from '@/components/instrument/RecordForm.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { useHibahRows, useRefreshHibah } from '../useHibah.ts';

interface RowsProps {
  hibahId: string;
  path: string;
  envelope: string;
  title: string;
  schema: z.ZodType<any, any>;
  fields: FieldSpec[];
  defaults: Record<string, unknown>;
  columns: { key: string; label: string; render?: (row: any) => React.ReactNode }[];
  testId: string;
  editable: boolean;
  /** Whether one row may still be edited or deleted when the list is editable (e.g. not a confirmed witness). */
  rowEditable?: (row: any) => boolean;
  extra?: (row: any) => React.ReactNode;
  /** Added above the fields of the add and edit forms (the heir picker of the receivers; ADR 0176), RecordForm's `lead`. */
  formLead?: (form: UseFormReturn<Record<string, unknown>>) => React.ReactNode;
}

/** The table and its add form. */
export function Rows({
  hibahId,
  path,
  envelope,
  title,
  schema,
  fields,
  defaults,
  columns,
  testId,
  editable,
  rowEditable,
  extra,
  formLead,
}: RowsProps) {
  const { t } = useTranslation();
  const rows = useHibahRows(hibahId, path, envelope);
  // What the organisation lets the hibah hold (issue 38 item 9): rows it does not govern (heirs, witnesses) pass.
  const offer = useOffer('hibah', hibahId);
  const refresh = useRefreshHibah();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<any | null>(null);
  const data = rows.data ?? [];
  return (
    <Stack>
      <ListTable data-testid={`${testId}-table`}>
        <Table.Caption>{title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key}>{c.label}</Table.Th>
            ))}
            <Table.Th>{t('hibah.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>
                <Text c="dimmed">{t('hibah.none')}</Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            data.map((r: any) => (
              <Table.Tr key={r.id}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.render ? c.render(r) : String(r[c.key] ?? '-')}</Table.Td>
                ))}
                <Table.Td>
                  <Group gap="xs">
                    {extra?.(r)}
                    {editable && (rowEditable?.(r) ?? true) ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setEditing(r)}
                        data-testid={`${testId}-edit-${r.id}`}
                      >
                        {t('hibah.edit')}
                      </Button>
                    ) : null}
                    {editable && (rowEditable?.(r) ?? true) ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        data-testid={`${testId}-delete-${r.id}`}
                        onClick={async () => {
                          await api.delete(`hibah/${hibahId}/${path}/${r.id}`);
                          await refresh(hibahId);
                        }}
                      >
                        {t('hibah.delete')}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </ListTable>
      {editable && !adding ? (
        <OfferGate offer={offer} row={path.replace(/^(moveable|immoveable)-/, '') as OfferedRow}>
          <Group>
            <Button onClick={() => setAdding(true)} data-testid={`${testId}-add`}>
              {t('hibah.add')}
            </Button>
          </Group>
        </OfferGate>
      ) : null}
      {editing ? (
        <RecordForm
          key={editing.id}
          title={t('hibah.edit_title', { title })}
          schema={schema}
          fields={fields}
          defaults={Object.fromEntries(Object.keys(defaults).map((k) => [k, editing[k] ?? defaults[k]]))}
          submitLabel={t('hibah.save')}
          testId={`${testId}-edit-form`}
          lead={formLead}
          onCancel={() => setEditing(null)}
          onSave={async (v) => {
            await api.patch(`hibah/${hibahId}/${path}/${editing.id}`, v);
            setEditing(null);
            await refresh(hibahId);
          }}
        />
      ) : null}
      {adding ? (
        <RecordForm
          title={title}
          schema={schema}
          fields={fields}
          defaults={defaults}
          submitLabel={t('hibah.save')}
          testId={`${testId}-form`}
          lead={formLead}
          onCancel={() => setAdding(false)}
          onSave={async (v) => {
            await api.post(`hibah/${hibahId}/${path}`, v);
            setAdding(false);
            await refresh(hibahId);
          }}
        />
      ) : null}
    </Stack>
  );
}
