/**
 * One list section of the amendment draft (heirs, receivers, property, guardians, bequests, witnesses):
 * the will wizard's row list and form (RecordsTable, RecordForm with the domain's zod schema), saving the
 * whole section with `PATCH /api/amendment/{id}/draft { <section>: [...] }` (docs/api/amendments.md).
 * A row changed is the row as the draft holds it with the form's values over it, so fields the form does not show
 * stay as they are; a value the form clears (null, e.g. a harta sepencarian declaration switched off) is dropped.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { defaultsFor, type FieldSpec, RecordForm, RecordsTable } from '@/features/wills/index.ts';
import { saveDraft } from '../api.ts';
import type { Row } from '../types.ts';
import { useAmendmentContext } from './AmendmentWizard.tsx';

/** Drop empty values (null/'') so optional fields validate as absent. */
export const clean = (r: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null && v !== ''));

type Section = 'heirs' | 'receivers' | 'moveables' | 'immoveables' | 'caretakers' | 'bequests' | 'witnesses';

export function DraftRows({
  section,
  specs,
  schema,
  title,
  name,
  columns,
  testId,
  extra,
  lead,
  defaults,
}: {
  section: Section;
  specs: FieldSpec[];
  schema: z.ZodType<any, any>;
  title: string;
  name: (r: Row) => string;
  columns: { label: string; render: (r: Row) => React.ReactNode }[];
  testId: string;
  /** Extra form content (e.g. the heir picker), as RecordForm's `extra`. */
  extra?: Parameters<typeof RecordForm>[0]['extra'];
  /** Form content above the fields (the receiver's heir picker), as RecordForm's `lead`. */
  lead?: Parameters<typeof RecordForm>[0]['lead'];
  /**
   * Starting values beyond the fields' own (`defaultsFor`) of the row edited (null: a new row), e.g. the harta
   * sepencarian switch on for a declared property (wills `sepencarianDefaults`; ADR 0286).
   */
  defaults?: (row: Row | null) => Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const { amendment, draft, editable, refresh } = useAmendmentContext();
  const rows = (draft[section] ?? []) as Row[];
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const save = async (next: Row[]) => {
    await saveDraft(amendment.id, { [section]: next.map(clean) });
    await refresh();
  };
  return (
    <Stack>
      <RecordsTable
        rows={rows}
        caption={title}
        empty={t('amendments.wizard.none_yet')}
        name={name}
        testId={testId}
        columns={columns}
        onEdit={editable ? (r) => setEditing(r) : undefined}
        onDelete={editable ? (r) => save(rows.filter((x) => x.id !== r.id)) : undefined}
      />
      {editable && !editing && (
        <Group>
          <Button onClick={() => setEditing('new')}>{t('amendments.wizard.add', { what: title })}</Button>
        </Group>
      )}
      {editable && editing && (
        <RecordForm
          title={
            editing === 'new'
              ? t('amendments.wizard.add', { what: title })
              : t('amendments.wizard.change', { what: name(editing) })
          }
          schema={schema}
          fields={specs}
          defaults={{
            ...defaultsFor(specs, editing === 'new' ? null : editing),
            ...defaults?.(editing === 'new' ? null : editing),
          }}
          submitLabel={t('amendments.wizard.save')}
          testId={`${testId}-form`}
          extra={extra}
          lead={lead}
          onCancel={() => setEditing(null)}
          onSave={async (v) => {
            const row = { ...(editing === 'new' ? {} : editing), ...v } as Row;
            await save(editing === 'new' ? [...rows, row] : rows.map((x) => (x.id === row.id ? row : x)));
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
