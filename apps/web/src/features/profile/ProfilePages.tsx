/**
 * /profile (own details), /profile-edit (`PATCH /api/user/{me}`, components/ProfileForm.tsx) and /template
 * (downloadable templates; ADR 0014: so far the promo-code CSV header, the columns of
 * `GET /api/organizations/{id}/promo-codes/export?format=csv`).
 */
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type Action, can, DESIGNATIONS, GENDERS, roleOf } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSessionUser } from '@/app/layout/AppLayout.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { ProfileForm, type ProfileUser } from '@/components/ProfileForm.tsx';
import { GrantList } from '@/features/grants/index.ts';
import { ReminderSetting } from '@/features/reminders/index.ts';
import { roleName } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { type SessionUser, session } from '@/lib/storage.ts';
import { NoticeSetting } from './NoticeSetting.tsx';

type Me = SessionUser & ProfileUser;

/** /profile — the logged-in user's details, with links to edit, change password, signature, access. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const me = useSessionUser() as Me | null;
  if (!me) return null;
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const designation = DESIGNATIONS.find((d) => d.code === me.designation)?.[lang];
  const gender = GENDERS.find((g) => g.code === me.gender)?.[lang];
  const access = me.user_access;
  const rows: [string, string | null | undefined][] = [
    [t('profile.f.designation'), designation],
    [t('profile.f.name'), me.name],
    [t('profile.f.username'), me.username],
    [t('profile.f.ic_number'), me.ic_number],
    [t('profile.f.gender'), gender],
    [t('profile.f.email'), me.email],
    [t('profile.f.mobile_number'), me.mobile_number],
    [t('profile.f.office_phone_number'), me.office_phone_number],
    [t('profile.f.address'), [me.address, me.postcode, me.city, me.state].filter(Boolean).join(', ')],
    [t('profile.f.role'), roleName(me.roles?.[0]?.name, t)],
    [
      t('profile.f.organisation'),
      access ? `${access.organization.name} (${t(`profile.access_status.${access.status ?? 1}`)})` : null,
    ],
  ];
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>{t('profile.ui.title')}</Title>
          <Group>
            <Button component={Link} to="/profile-edit">
              {t('profile.ui.edit')}
            </Button>
            <Button component={Link} to="/change-password" variant="default">
              {t('profile.ui.change_password')}
            </Button>
            <Button component={Link} to="/profile/signature" variant="default">
              {t('profile.ui.signature')}
            </Button>
            <Button component={Link} to="/profile/data" variant="default">
              {t('security.data.title')}
            </Button>
          </Group>
        </Group>
        <Table withTableBorder data-testid="profile">
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th scope="row" w="35%">
                  {k}
                </Table.Th>
                <Table.Td>{v || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {can(roleOf(me), 'will:read:own') ? <GrantList /> : null}
        {can(roleOf(me), 'will:read:own') ? <ReminderSetting /> : null}
        {can(roleOf(me), 'will:read:own') || can(roleOf(me), 'will:create:client') ? <NoticeSetting /> : null}
        {(!access || access.status === 2) && (
          <Text>
            {t('profile.ui.no_access')}{' '}
            <Anchor component={Link} to="/access-request">
              {t('profile.ui.request_access')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** /profile-edit — edit the logged-in user's own profile (/profile-create redirects here). */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const me = useSessionUser() as Me | null;
  const navigate = useNavigate();
  if (!me) return null;
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack>
        <Title order={1}>{t('profile.ui.edit')}</Title>
        <ProfileForm
          user={me}
          onSaved={(u) => {
            session.set({ ...me, ...(u as Me) });
            successToast(t('profile.ui.saved'));
            navigate('/profile');
          }}
        />
      </Stack>
    </Paper>
  );
}

/**
 * Templates offered on /template: a name, what it is for and its CSV header row (i18n keys), and who is offered it
 * (any of `anyOf`, the permission table's actions). The TEKUN certificates' template (issue 38 item 11) has the
 * headings `POST /api/tekun/upload` reads (tekun/spreadsheet.ts; checked by tekun/template.test.ts).
 */
const TEMPLATES = [
  {
    id: 'promo-codes',
    anyOf: ['promo:manage', 'promo:read'],
    columns: [
      'code',
      'discount',
      'expires_at',
      'remarks',
      'generated_by',
      'generated_at',
      'redeemed_by',
      'redeemed_at',
    ],
  },
  {
    id: 'tekun-certificates',
    anyOf: ['programme:upload'],
    columns: ['member_name', 'ic_number', 'certificate_no', 'issue_date'],
  },
] as const satisfies readonly { id: string; anyOf: readonly Action[]; columns: readonly string[] }[];

/** A CSV line (RFC 4180 quoting). */
const csvLine = (cells: readonly string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

/** /template — downloadable templates (ADR 0014). */
export function TemplatePage() {
  const { t } = useTranslation();
  const download = (tpl: (typeof TEMPLATES)[number]) => {
    const header = csvLine(tpl.columns.map((c) => t(`profile.template.${tpl.id}.columns.${c}`)));
    const url = URL.createObjectURL(new Blob([`\ufeff${header}\r\n`], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `templat-${tpl.id}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack>
        <Title order={1}>{t('profile.template.title')}</Title>
        <Text>{t('profile.template.intro')}</Text>
        <ListTable data-testid="templates">
          <Table.Caption>{t('profile.template.title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('profile.template.name')}</Table.Th>
              <Table.Th scope="col">{t('profile.template.columns_label')}</Table.Th>
              <Table.Th scope="col">{t('profile.template.download')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TEMPLATES.filter((tpl) => tpl.anyOf.some((a) => can(roleOf(session.user()), a))).map((tpl) => (
              <Table.Tr key={tpl.id}>
                <Table.Td>{t(`profile.template.${tpl.id}.name`)}</Table.Td>
                <Table.Td>
                  {tpl.columns.map((c) => t(`profile.template.${tpl.id}.columns.${c}`)).join(', ')}
                  <Text size="sm" c="dimmed">
                    {t(`profile.template.${tpl.id}.hint`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="default" onClick={() => download(tpl)}>
                    {t('profile.template.download_csv')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      </Stack>
    </Paper>
  );
}
