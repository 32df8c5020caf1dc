/**
 * The status-notice setting on /profile (issue 34 item 2; ADR 0231): every status change of the person's wills,
 * hibahs and amendments is mailed to them in the language they use; this switch adds SMS. Read from
 * `GET /api/profile/notices` → `{ notices: { sms, language, has_mobile } }`, saved at once with
 * `PATCH /api/profile/notices { sms }` (the language in use becomes the notices' language). Without a mobile
 * number the switch is off and says why.
 */
import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';

/** What the API answers. */
export interface NoticeSettings {
  sms: boolean;
  language: 'ms' | 'en';
  has_mobile: boolean;
}
const KEY = ['profile', 'notices'] as const;

/** The card with the SMS switch. */
export function NoticeSetting() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<{ notices: NoticeSettings }>('profile/notices')).notices,
  });
  const save = async (sms: boolean) => {
    const r = await api.patch<{ message: string; notices: NoticeSettings }>('profile/notices', { sms });
    qc.setQueryData(KEY, r.notices);
    successToast(r.message);
  };
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="notices-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="notices-heading">
          {t('notices.ui.title')}
        </Title>
        <Text size="sm">{t('notices.ui.explain')}</Text>
        <Switch
          data-testid="notices-sms-switch"
          label={t('notices.ui.switch')}
          description={q.data && !q.data.has_mobile ? t('notices.no_mobile') : undefined}
          checked={q.data?.sms ?? false}
          disabled={!q.data?.has_mobile}
          onChange={(e) => void save(e.currentTarget.checked).catch(() => {})}
        />
      </Stack>
    </Card>
  );
}
