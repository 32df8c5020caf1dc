/**
 * Shared shell of the organisation sub-pages (BranchPages, StaffPages, PricingPages, PreferenceFormPage,
 * IndividuPage and ProductPages): the `Frame` layout with the organisation's name and a back link, plus the
 * small helpers those pages share (`str` for form defaults, the session's `role`, the active/inactive `STATUS`).
 */
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { session } from '@/lib/storage.ts';
import { useOrganisation } from '../api.ts';

export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
export const role = () => session.user()?.roles?.[0]?.name;
export const STATUS = [
  { value: '1', label: 'organisations.ui.active' },
  { value: '0', label: 'organisations.ui.inactive' },
];

/** Frame of a sub-page (also used by ProductPages.tsx): the organisation's name, a title and a back link. */
export function Frame({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { organization_id: id } = useParams();
  const org = useOrganisation(id);
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {title}
            {org.data ? ` — ${org.data.name}` : ''}
          </Title>
          <Group>
            {actions}
            <Button component={Link} to={`/organization/${id}`} variant="subtle">
              {t('organisations.ui.back')}
            </Button>
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
