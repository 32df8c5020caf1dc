/**
 * A list of a will's rows (heirs, witnesses, property, …) with edit and delete buttons whose text says
 * what they do and to whom (accessibility rule of the task brief).
 */
import { Button, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';

/** One column: header text and cell content. */
export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/** The table; `name(row)` names a row in the buttons' accessible names. */
export function RecordsTable<T extends { id: string }>({
  rows,
  columns,
  name,
  onEdit,
  canEdit,
  editLabel,
  onDelete,
  caption,
  empty,
  testId,
}: {
  rows: T[];
  columns: Column<T>[];
  name: (row: T) => string;
  onEdit?: (row: T) => void;
  /** Rows that get the edit button (all when absent). */
  canEdit?: (row: T) => boolean;
  /** The edit button's text (default "Edit"). */
  editLabel?: string;
  onDelete?: (row: T) => void;
  caption: string;
  empty: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!rows.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <ListTable minWidth={500} data-testid={testId}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.label} scope="col">
              {c.label}
            </Table.Th>
          ))}
          {(onEdit || onDelete) && <Table.Th scope="col">{t('wills.actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id}>
            {columns.map((c) => (
              <Table.Td key={c.label}>{c.render(r)}</Table.Td>
            ))}
            {(onEdit || onDelete) && (
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {onEdit && (!canEdit || canEdit(r)) && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onEdit(r)}
                      aria-label={`${editLabel ?? t('wills.edit')} ${name(r)}`}
                    >
                      {editLabel ?? t('wills.edit')}
                    </Button>
                  )}
                  {onDelete && (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => onDelete(r)}
                      aria-label={`${t('wills.delete')} ${name(r)}`}
                    >
                      {t('wills.delete')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
