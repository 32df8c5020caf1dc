/** A two-column list of labelled values for the detail pages (a `<dl>`, read by screen readers as pairs). */
import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** `items`: [label, value] pairs; an empty value shows "—". */
export function Detail({ items }: { items: [string, ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs">
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
