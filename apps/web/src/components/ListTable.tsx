/**
 * The one list table of the app (ADR 0151; issue 22 item 5, issue 17 item 12): a Mantine `Table` in a
 * `Table.ScrollContainer` on wide screens; below Mantine's `sm` breakpoint (48em) each row is a card whose
 * cells stack, each under its column's name, so a row's status and actions are always on screen at 320 px
 * and the page never scrolls sideways (WCAG 1.4.10 Reflow). The look lives in `app/a11y.css`
 * (`.wasiat-list-table`).
 *
 * Children are the usual `Table.Caption`, `Table.Thead`, `Table.Tbody`. After every render the component
 * copies each column header's text to its cells' `data-label` (what the card shows), and gives the
 * elements their table roles explicitly, since some browsers drop a table's semantics once its display
 * changes.
 */
import { Table, type TableProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

/** Label every body cell with its column header's text and pin the table roles (see the file comment). */
function labelCells(table: HTMLTableElement) {
  const heads = Array.from(table.tHead?.rows[0]?.cells ?? []).map((c) => c.textContent?.trim() ?? '');
  table.setAttribute('role', 'table');
  for (const row of Array.from(table.rows)) {
    row.setAttribute('role', 'row');
    const inHead = row.parentElement?.tagName === 'THEAD';
    let col = 0;
    for (const cell of Array.from(row.cells)) {
      if (inHead) cell.setAttribute('role', 'columnheader');
      else {
        cell.setAttribute('role', cell.tagName === 'TH' ? 'rowheader' : 'cell');
        const label = heads[col] ?? '';
        if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
      }
      col += cell.colSpan || 1;
    }
  }
}

/**
 * A list table; `minWidth` (px) is the width below which the wide layout scrolls inside its container
 * (between 48em and that width). Other props go to Mantine's `Table` (striped and bordered by default).
 */
export function ListTable({ minWidth = 0, children, ...props }: TableProps & { minWidth?: number }) {
  const ref = useRef<HTMLTableElement>(null);
  useEffect(() => {
    const table = ref.current;
    if (!table) return;
    labelCells(table);
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  });
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className="wasiat-list">
      <Table striped withTableBorder {...props} ref={ref} className="wasiat-list-table">
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
