/** The frame of the public auth pages: one h1 title, an optional intro, the form. */
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A centred card with the page's only `h1` (accessibility: headings in order). */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" p="xl" radius="md" maw={560} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro ? <Text c="dimmed">{intro}</Text> : null}
        {children}
      </Stack>
    </Paper>
  );
}
