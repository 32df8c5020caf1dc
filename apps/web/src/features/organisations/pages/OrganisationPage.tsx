/**
 * /organization/{organization_id}: the organisation's details and its branches, staff, prices and
 * preference, each linking to its own pages (create, view, edit) and to the promo codes. Buttons are
 * shown by the permission table (the server enforces the same actions).
 */
import { Anchor, Button, Group, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Action, can, formatRinggit, ORGANISATION_TYPES } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isNotFound } from '@/app/access.tsx';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDate, roleName } from '@/lib/format.ts';
import { session } from '@/lib/storage.ts';
import { type Page, type Pricing, type Staff, useBranches, useOrganisation } from '../api.ts';
import { Detail } from '../components/Detail.tsx';
import { NoticeRecipientsPanel } from '../components/NoticeRecipientsPanel.tsx';
import { ProductsPanel } from './ProductPages.tsx';

const mayDo = (a: Action) => can(session.user()?.roles?.[0]?.name, a);

/** The organisation page. */
export function OrganisationPage() {
  const { t, i18n } = useTranslation();
  const { organization_id: id = '' } = useParams();
  // The organisation first: another organisation's id (404) gives the not-found page, and none of the page's other
  // calls is made (before, five refusals gave five toasts over a blank page; issue 38 item 11).
  const org = useOrganisation(id, { silent: true });
  const found = !!org.data;
  const branches = useBranches(found ? id : undefined);
  const staff = useQuery({
    queryKey: ['organization', id, 'staff'],
    enabled: found && mayDo('organisation:read'),
    queryFn: async () =>
      (await api.get<{ user_accesses: Page<Staff> }>(`organization/${id}/user-access`, { limit: 100 })).user_accesses
        .data,
  });
  const prices = useQuery({
    queryKey: ['organization', id, 'pricing'],
    enabled: found,
    queryFn: async () =>
      (await api.get<{ pricings: Page<Pricing> }>(`organization/${id}/pricing`, { all: 1, limit: 100 })).pricings.data,
  });
  const pref = useQuery({
    queryKey: ['organization', id, 'preference'],
    enabled: found,
    queryFn: async () =>
      (await api.get<{ preference: Record<string, number | string | null> }>(`organization/${id}/preference`))
        .preference,
  });
  const o = org.data;
  if (org.error)
    return isNotFound(org.error) ? <NotFoundPage /> : <Text role="alert">{t('dashboard.load_failed')}</Text>;
  if (!o) return null;
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const yes = (v: unknown) => (v === 1 ? t('organisations.ui.yes') : t('organisations.ui.no'));
  const base = `/organization/${id}`;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{o.name}</Title>
        <Group>
          {mayDo('organisation:manage') && (
            <Button component={Link} to={`${base}/edit`} variant="default">
              {t('organisations.ui.edit')}
            </Button>
          )}
          {(mayDo('promo:manage') || mayDo('promo:read')) && (
            <Button component={Link} to={`/organizations/${id}/promo-codes`} variant="default">
              {t('organisations.ui.promo_codes')}
            </Button>
          )}
          {o.type === 'individual' && (
            <Button component={Link} to={`${base}/individu`} variant="default">
              {t('organisations.ui.individu')}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Detail
          items={[
            [t('organisations.f.type'), ORGANISATION_TYPES.find((x) => x.code === o.type)?.[lang] ?? o.type],
            [t('organisations.f.code'), o.code],
            [t('organisations.f.partner_code'), o.partner_code],
            [t('organisations.f.registration_number'), o.registration_number],
            [t('organisations.f.email'), o.email],
            [t('organisations.f.phone_number'), o.phone_number],
            [t('organisations.f.address'), [o.address, o.postcode, o.city, o.state].filter(Boolean).join(', ')],
            [
              t('organisations.f.status'),
              o.status === 1 ? t('organisations.ui.active') : t('organisations.ui.inactive'),
            ],
          ]}
        />
      </Paper>
      <Tabs defaultValue="branch" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="branch">{t('organisations.ui.branches')}</Tabs.Tab>
          {mayDo('organisation:read') && <Tabs.Tab value="user">{t('organisations.ui.staff')}</Tabs.Tab>}
          <Tabs.Tab value="pricing">{t('organisations.ui.pricing')}</Tabs.Tab>
          <Tabs.Tab value="preference">{t('organisations.ui.preference')}</Tabs.Tab>
          {mayDo('organisation:read') && <Tabs.Tab value="product">{t('product.ui.products')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="branch" pt="md">
          {mayDo('branch:manage') && (
            <Button component={Link} to={`${base}/branch/create`} mb="sm">
              {t('organisations.ui.add_branch')}
            </Button>
          )}
          <ListTable data-testid="branches">
            <Table.Caption>{t('organisations.ui.branches')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('organisations.f.branch_name')}</Table.Th>
                <Table.Th scope="col">{t('organisations.f.code')}</Table.Th>
                <Table.Th scope="col">{t('organisations.f.city')}</Table.Th>
                <Table.Th scope="col">{t('organisations.f.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(branches.data ?? []).map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/branch/${b.id}`}>
                      {b.branch_name}
                    </Anchor>
                    {b.is_headquarter === 1 && ` (${t('organisations.ui.headquarters')})`}
                  </Table.Td>
                  <Table.Td>{b.code ?? '—'}</Table.Td>
                  <Table.Td>{b.city ?? '—'}</Table.Td>
                  <Table.Td>{b.status === 1 ? t('organisations.ui.active') : t('organisations.ui.inactive')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        </Tabs.Panel>
        <Tabs.Panel value="user" pt="md">
          {mayDo('staff:manage') && (
            <Button component={Link} to={`${base}/user/create`} mb="sm">
              {t('organisations.ui.add_staff')}
            </Button>
          )}
          <ListTable data-testid="staff">
            <Table.Caption>{t('organisations.ui.staff')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('organisations.f.name')}</Table.Th>
                <Table.Th scope="col">{t('organisations.f.username')}</Table.Th>
                <Table.Th scope="col">{t('organisations.f.role')}</Table.Th>
                <Table.Th scope="col">{t('organisations.f.access')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(staff.data ?? []).map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/user/${s.id}`}>
                      {s.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{s.username}</Table.Td>
                  <Table.Td>{roleName(s.user_access.role, t)}</Table.Td>
                  <Table.Td>{t(`organisations.access.${s.user_access.status}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        </Tabs.Panel>
        <Tabs.Panel value="pricing" pt="md">
          {mayDo('organisation:manage') && (
            <Button component={Link} to={`${base}/pricing/create`} mb="sm">
              {t('organisations.ui.add_price')}
            </Button>
          )}
          <ListTable data-testid="pricing">
            <Table.Caption>{t('organisations.ui.pricing')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('organisations.f.product')}</Table.Th>
                <Table.Th scope="col">{t('organisations.f.plan')}</Table.Th>
                <Table.Th scope="col">{t('organisations.f.price')}</Table.Th>
                <Table.Th scope="col">{t('organisations.f.effective_from')}</Table.Th>
                <Table.Th scope="col">{t('organisations.f.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(prices.data ?? []).map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/pricing/${p.id}`}>
                      {p.product}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t(`organisations.plans.${p.plan}`)}</Table.Td>
                  <Table.Td>{formatRinggit(p.price_sen)}</Table.Td>
                  <Table.Td>{formatDate(p.effective_from, lang)}</Table.Td>
                  <Table.Td>{p.status === 1 ? t('organisations.ui.active') : t('organisations.ui.inactive')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        </Tabs.Panel>
        <Tabs.Panel value="product" pt="md">
          <ProductsPanel orgId={id} />
        </Tabs.Panel>
        <Tabs.Panel value="preference" pt="md">
          {mayDo('organisation:manage') && (
            <Button component={Link} to={`${base}/preference/edit`} mb="sm">
              {t('organisations.ui.edit_preference')}
            </Button>
          )}
          {pref.data ? (
            <Detail
              items={PREFERENCE_FLAGS.map(
                (f) => [t(`organisations.pref.${f}`), yes(pref.data?.[f])] as [string, string],
              ).concat(
                PREFERENCE_TOTALS.map((f) => [
                  t(`organisations.pref.${f}`),
                  pref.data?.[f] === null ? t('organisations.ui.no_limit') : String(pref.data?.[f]),
                ]),
              )}
            />
          ) : (
            <Text>…</Text>
          )}
        </Tabs.Panel>
      </Tabs>
      {mayDo('notice_recipient:manage') && <NoticeRecipientsPanel organisationId={id} />}
    </Stack>
  );
}

/** Preference flags (1 = yes / 2 = no) and totals, in display order (spec §3 Organisation preference). */
export const PREFERENCE_FLAGS = [
  'allow_public',
  'allow_payments',
  'allow_wasiat',
  'allow_hibah',
  'allow_corporate',
  'allow_property',
  'allow_guardians',
  'allow_beneficiaries',
] as const;
export const PREFERENCE_TOTALS = ['total_receivers', 'total_caretakers', 'total_properties'] as const;

/** /organization/mine: the logged-in user's own organisation (menu entry "My organisation"). */
export function MyOrganisationRedirect() {
  const id = session.user()?.user_access?.organization_id;
  return <Navigate to={id ? `/organization/${id}` : '/dashboard'} replace />;
}
