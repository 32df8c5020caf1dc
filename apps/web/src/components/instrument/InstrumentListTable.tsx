/**
 * The table block of an instrument list page (issue 34 "One instrument"; ADR 0233): the will list
 * (features/wills/pages/WillListPage.tsx; reference §2.2) and the amendment lists
 * (features/amendments/pages/AmendmentListPage.tsx; reference §2.4). While the page loads, `busy` (the page's
 * spinner); with no row, the `empty` sentence; else the one list table of the app ({@link ListTable}) with
 * its caption, one column header per `heads` entry and a row per item (`cells(row)`: its `Table.Td`s); under
 * it, when there is more than one page, the pager (`pagination` adds the page's labels of its controls).
 */
import { Pagination, type PaginationProps, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListTable } from '@/components/ListTable.tsx';

/** What a list page sets of {@link InstrumentListTable}. */
export interface InstrumentListTableProps<R> {
  rows: R[];
  /** Whether the first page is being loaded: `busy` is shown in place of the table. */
  loading: boolean;
  busy: ReactNode;
  /** The sentence shown when there is no row. */
  empty: string;
  caption: ReactNode;
  /** Column headers, in order; the cells of a row come in the same order. */
  heads: string[];
  rowKey: (row: R) => string;
  cells: (row: R) => ReactNode;
  testId: string;
  /** The table's width (px) below which it scrolls inside its container on wide screens. */
  minWidth: number;
  page: number;
  /** The last page number as the server answers it (`last_page`); no pager when 1 or unknown. */
  lastPage: number | undefined;
  onPage: (page: number) => void;
  /** Accessible names of the pager (an `aria-label`, or per-control labels). */
  pagination?: Partial<PaginationProps>;
}

/** The list's table and pager; see the file comment. */
export function InstrumentListTable<R>({
  rows,
  loading,
  busy,
  empty,
  caption,
  heads,
  rowKey,
  cells,
  testId,
  minWidth,
  page,
  lastPage,
  onPage,
  pagination,
}: InstrumentListTableProps<R>) {
  return (
    <>
      {loading ? (
        busy
      ) : rows.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <ListTable minWidth={minWidth} data-testid={testId}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {heads.map((h) => (
                <Table.Th key={h} scope="col">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={rowKey(r)}>{cells(r)}</Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {(lastPage ?? 1) > 1 && <Pagination total={lastPage ?? 1} value={page} onChange={onPage} {...pagination} />}
    </>
  );
}
