/**
 * /institusi (issue 41 item 7 "Waqf and sadaqah"; ADR 0268): the list of institutions a testator may name in a
 * bequest — state Islamic religious councils, mosques, registered charities and waqf institutions — kept by the
 * provider's staff (`institution:manage`). Staff add and edit an institution (kind, name, registration number and
 * the law it is established or registered under, state, e-mail, phone, address; the domain's `institutionSchema`
 * checks first, the server's 422 lands on its field), and deactivate or reactivate it; deactivated institutions
 * are listed on request. Every change is audited by the server.
 */
import { Badge, Button, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  INSTITUTION_KINDS,
  type InstitutionJson,
  institutionKindLabel,
  institutionRegistration,
  institutionSchema,
} from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { defaultsFor, type FieldSpec, RecordForm, useLang } from '@/features/wills/index.ts';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import { INSTITUTIONS_KEY, useInstitutions } from './api.ts';

type T = (k: string) => string;

/** The fields of the add/edit form. */
const institutionSpecs = (t: T): FieldSpec[] => [
  {
    name: 'kind',
    label: t('institutions.page.f.kind'),
    kind: 'catalogue',
    catalogue: INSTITUTION_KINDS,
    required: true,
  },
  { name: 'name', label: t('institutions.page.f.name'), required: true },
  {
    name: 'registration_no',
    label: t('institutions.page.f.registration_no'),
    description: t('institutions.page.f.registration_no_help'),
    required: (v) => !!v.kind && v.kind !== 'council',
  },
  {
    name: 'registered_under',
    label: t('institutions.page.f.registered_under'),
    description: t('institutions.page.f.registered_under_help'),
    required: (v) => v.kind === 'council',
  },
  { name: 'state', label: t('institutions.page.f.state'), kind: 'state' },
  { name: 'email', label: t('institutions.page.f.email'), type: 'email', inputMode: 'email' },
  { name: 'phone', label: t('institutions.page.f.phone'), inputMode: 'tel' },
  { name: 'address', label: t('institutions.page.f.address'), kind: 'textarea' },
];

/** The fields of a row as the PATCH sends them back (the form's, without the id and `active`). */
const fieldsOf = (r: InstitutionJson) => {
  const { id: _id, active: _active, ...rest } = r;
  return rest;
};

/** The page; see the file comment. */
export function InstitutionsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<InstitutionJson | 'new' | null>(null);
  const list = useInstitutions(showInactive);
  const rows = list.data?.institutions ?? [];
  const specs = institutionSpecs(t);
  const row = editing === 'new' ? null : editing;
  const refresh = () => qc.invalidateQueries({ queryKey: INSTITUTIONS_KEY });

  async function setActive(r: InstitutionJson, active: boolean) {
    await api.patch(`institution/${r.id}`, { ...fieldsOf(r), active });
    successToast(t(active ? 'institutions.page.activated' : 'institutions.page.deactivated'));
    await refresh();
  }

  return (
    <Stack>
      <Title order={1}>{t('institutions.page.title')}</Title>
      <Text size="sm">{t('institutions.page.intro')}</Text>
      <Switch
        label={t('institutions.page.show_inactive')}
        checked={showInactive}
        onChange={(e) => setShowInactive(e.currentTarget.checked)}
      />
      {rows.length === 0 ? (
        <Text>{t('institutions.page.none')}</Text>
      ) : (
        <ListTable minWidth={820} data-testid="institution-list">
          <Table.Caption>{t('institutions.page.title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('institutions.page.col.name')}</Table.Th>
              <Table.Th scope="col">{t('institutions.page.col.kind')}</Table.Th>
              <Table.Th scope="col">{t('institutions.page.col.registration')}</Table.Th>
              <Table.Th scope="col">{t('institutions.page.col.state')}</Table.Th>
              <Table.Th scope="col">{t('institutions.page.col.contact')}</Table.Th>
              <Table.Th scope="col">{t('institutions.page.col.status')}</Table.Th>
              <Table.Th scope="col">{t('institutions.page.col.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{institutionKindLabel(r.kind, lang)}</Table.Td>
                <Table.Td>{institutionRegistration(r) || '—'}</Table.Td>
                <Table.Td>{r.state ?? '—'}</Table.Td>
                <Table.Td>{[r.email, r.phone, r.address].filter(Boolean).join(' · ') || '—'}</Table.Td>
                <Table.Td>
                  <Badge color={r.active ? 'green' : 'gray'}>
                    {t(r.active ? 'institutions.page.active' : 'institutions.page.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="compact-sm" variant="light" onClick={() => setEditing(r)}>
                      {`${t('institutions.page.edit')}: ${r.name}`}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color={r.active ? 'red' : 'green'}
                      onClick={() => void setActive(r, !r.active)}
                    >
                      {`${t(r.active ? 'institutions.page.deactivate' : 'institutions.page.activate')}: ${r.name}`}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {editing !== null ? (
        <RecordForm
          key={row?.id ?? 'new'}
          testId="institution-form"
          title={t(row ? 'institutions.page.edit' : 'institutions.page.add')}
          schema={institutionSchema}
          fields={specs}
          defaults={defaultsFor(specs, row as Record<string, unknown> | null)}
          submitLabel={t('common.save')}
          onCancel={() => setEditing(null)}
          onSave={async (v) => {
            const body = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === undefined ? null : x]));
            if (row) await api.patch(`institution/${row.id}`, body, { silent: true });
            else await api.post('institution', body, { silent: true });
            successToast(t('institutions.saved'));
            setEditing(null);
            await refresh();
          }}
        />
      ) : (
        <Group>
          <Button onClick={() => setEditing('new')}>{t('institutions.page.add')}</Button>
        </Group>
      )}
    </Stack>
  );
}
