/**
 * /reminders/unsubscribe?token=… — the page the will-review reminder mail links to (issue 17 item 17;
 * ADR 0175): no login; it says what the link does and turns the reminders off when the person presses the
 * button (`POST /api/reminders/unsubscribe { token }`), not on opening (mail scanners open links). A
 * refused token shows the server's message and the way through the profile page.
 */
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '@/features/wills/index.ts';
import { ApiError, publicApi } from '@/lib/api.ts';

/** The page; see the file comment. */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const turnOff = async () => {
    setRefused(null);
    try {
      const r = await publicApi.post<{ message: string }>('reminders/unsubscribe', { token }, { silent: true });
      setDone(r.message);
    } catch (e) {
      setRefused(e instanceof ApiError ? e.firstMessage : t('reminders.ui.failed'));
    }
  };
  return (
    <Stack data-testid="reminders-unsubscribe" maw={640}>
      <Title order={1}>{t('reminders.ui.unsubscribe_title')}</Title>
      {done ? (
        <Notice color="green">{done}</Notice>
      ) : (
        <>
          <Text>{t('reminders.ui.unsubscribe_text')}</Text>
          {refused && <Notice color="red">{refused}</Notice>}
          <Button onClick={() => void turnOff()} disabled={!token} w="fit-content">
            {t('reminders.ui.unsubscribe_button')}
          </Button>
        </>
      )}
      <Text size="sm">
        {t('reminders.ui.profile_hint')}{' '}
        <Anchor component={Link} to="/profile">
          {t('reminders.ui.profile_link')}
        </Anchor>
      </Text>
    </Stack>
  );
}
