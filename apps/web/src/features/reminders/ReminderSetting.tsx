/**
 * The will-review reminder setting on /profile (issue 17 item 17; ADR 0175): one switch, read from
 * `GET /api/profile/reminders` → `{ reminders: { enabled, language } }` and saved at once with
 * `PATCH /api/profile/reminders { enabled }`; the language in use becomes the one the mails lead with.
 * Shown to a user who may own a will (`will:read:own`).
 */
import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';

/** What the API answers. */
export interface ReminderSettings {
  enabled: boolean;
  language: 'ms' | 'en';
}
const KEY = ['profile', 'reminders'] as const;

/** The card with the switch. */
export function ReminderSetting() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<{ reminders: ReminderSettings }>('profile/reminders')).reminders,
  });
  const save = async (enabled: boolean) => {
    const r = await api.patch<{ message: string; reminders: ReminderSettings }>('profile/reminders', { enabled });
    qc.setQueryData(KEY, r.reminders);
    successToast(r.message);
  };
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="reminders-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="reminders-heading">
          {t('reminders.ui.title')}
        </Title>
        <Text size="sm">{t('reminders.ui.explain')}</Text>
        <Switch
          data-testid="reminders-switch"
          label={t('reminders.ui.switch')}
          checked={q.data?.enabled ?? true}
          disabled={!q.data}
          onChange={(e) => void save(e.currentTarget.checked).catch(() => {})}
        />
      </Stack>
    </Card>
  );
}
