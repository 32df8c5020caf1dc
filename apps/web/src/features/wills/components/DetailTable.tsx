/** A two-column, read-only table of labelled values (will details pages). Empty values show "—". */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** Rows of [label, value]; `caption` names the table for screen readers. */
export function DetailTable({ rows, caption }: { rows: [string, ReactNode][]; caption: string }) {
  return (
    <Table withTableBorder aria-label={caption}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="35%">
              {label}
            </Table.Th>
            <Table.Td>{value === null || value === undefined || value === '' ? '—' : value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
