/**
 * Dashboard sections of spec §2: "hibah in process" (the hibahs the user may see that are not yet
 * registered: status 0–4, newest first; a client's own) and "register new hibah/trust" (links to the
 * product list and, for a client, the one-cent redeem page) for those who may register (`will:create:own`
 * or `will:create:client`); staff who manage one-cent codes get a link to them.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { can, roleOf } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '@/lib/storage.ts';
import { HibahTable } from '../pages/ListPages.tsx';
import { COUPONS_PATH } from '../products.ts';
import { hibahsInProcessQuery } from '../queries.ts';

/** Both sections. */
export function HibahSections() {
  const { t } = useTranslation();
  const user = session.user();
  const role = roleOf(user);
  const isClient = role === 'Client';
  const registers = can(role, 'will:create:own') || can(role, 'will:create:client');
  const codes = can(role, 'hibah:coupon:manage');
  const q = useQuery({ ...hibahsInProcessQuery(isClient ? user?.id : undefined), enabled: !!user });
  return (
    <>
      <Card withBorder radius="md" p="lg" component="section" aria-labelledby="hibah-in-process-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="hibah-in-process-heading">
            {t('hibah.dashboard.in_process')}
          </Title>
          {q.isLoading ? (
            <Text c="dimmed">{t('common.loading')}</Text>
          ) : (
            <HibahTable rows={q.data?.data ?? []} caption={t('hibah.dashboard.in_process')} captionHidden />
          )}
        </Stack>
      </Card>
      {registers ? (
        <Card withBorder radius="md" p="lg" component="section" aria-labelledby="hibah-register-heading">
          <Stack gap="sm">
            <Title order={2} size="h3" id="hibah-register-heading">
              {t('hibah.dashboard.register')}
            </Title>
            <Text>{t('hibah.dashboard.register_text')}</Text>
            <Group>
              <Button component={Link} to="/hibah/product-list" data-testid="register-hibah">
                {t('hibah.dashboard.products')}
              </Button>
              {isClient ? (
                <Button component={Link} to="/trust-onecent/redeem" variant="outline">
                  {t('hibah.dashboard.one_cent')}
                </Button>
              ) : null}
              {codes ? (
                <Button component={Link} to={COUPONS_PATH} variant="outline" data-testid="hibah-codes">
                  {t('hibah.codes.title')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Card>
      ) : null}
    </>
  );
}
