/**
 * The institutions an organisation notifies of a death (issue 40 item 8; ADR 0273), on the organisation's page:
 * banks, takaful operators, co-operatives and others (name, kind, e-mail, optional phone), listed, added, edited
 * and removed by the organisation's partner or the provider's staff (`notice_recipient:manage`; the page shows the
 * panel only to that permission). Calls `GET/POST /api/organization/{id}/notice-recipient`,
 * `PATCH/DELETE /api/notice-recipient/{id}`; the server's 422 messages are shown under the fields they name.
 */
import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTICE_RECIPIENT_KINDS } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';

/** One institution on the list. */
export interface Recipient {
  id: string;
  name: string;
  kind: (typeof NOTICE_RECIPIENT_KINDS)[number];
  email: string;
  phone: string | null;
}

type Fields = { name: string; kind: string; email: string; phone: string };
const EMPTY: Fields = { name: '', kind: 'bank', email: '', phone: '' };

/** The add/edit form; `editing` the entry being edited, or null for a new one. */
function RecipientForm({
  organisationId,
  editing,
  onDone,
}: {
  organisationId: string;
  editing: Recipient | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [f, setF] = useState<Fields>(
    editing ? { name: editing.name, kind: editing.kind, email: editing.email, phone: editing.phone ?? '' } : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function save() {
    setErrors({});
    const body = { name: f.name, kind: f.kind, email: f.email, ...(f.phone.trim() ? { phone: f.phone } : {}) };
    try {
      const out = editing
        ? await api.patch<{ message: string }>(`notice-recipient/${editing.id}`, body, { silent: true })
        : await api.post<{ message: string }>(`organization/${organisationId}/notice-recipient`, body, {
            silent: true,
          });
      successToast(out.message);
      setF(EMPTY);
      onDone();
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0] ?? ''])));
        if (!Object.keys(e.errors).length) setErrors({ name: e.firstMessage });
      }
    }
  }
  const field = (k: keyof Fields) => ({
    value: f[k],
    error: errors[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.currentTarget.value }),
  });
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <TextInput label={t('estate_notices.list.name')} {...field('name')} />
        <Select
          label={t('estate_notices.list.kind')}
          data={NOTICE_RECIPIENT_KINDS.map((k) => ({ value: k, label: t(`estate_notices.kind.${k}`) }))}
          value={f.kind}
          error={errors.kind}
          allowDeselect={false}
          onChange={(v) => setF({ ...f, kind: v ?? 'bank' })}
        />
        <TextInput type="email" label={t('estate_notices.list.email')} {...field('email')} />
        <TextInput label={t('estate_notices.list.phone')} {...field('phone')} />
        <Group>
          <Button onClick={() => void save()}>
            {editing ? t('estate_notices.list.save') : t('estate_notices.list.add')}
          </Button>
          {editing && (
            <Button variant="default" onClick={onDone}>
              {t('estate_notices.list.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The panel; see the file comment. */
export function NoticeRecipientsPanel({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = ['organization', organisationId, 'notice-recipient'];
  const q = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await api.get<{ notice_recipients: Recipient[] }>(`organization/${organisationId}/notice-recipient`))
        .notice_recipients,
  });
  const [editing, setEditing] = useState<Recipient | null>(null);
  const refresh = () => {
    setEditing(null);
    void qc.invalidateQueries({ queryKey: key });
  };
  async function remove(r: Recipient) {
    const out = await api.delete<{ message: string }>(`notice-recipient/${r.id}`);
    successToast(out.message);
    refresh();
  }
  const rows = q.data ?? [];
  return (
    <Stack gap="sm" data-testid="notice-recipients">
      <Title order={2} size="h4">
        {t('estate_notices.list.title')}
      </Title>
      <Text size="sm">{t('estate_notices.list.intro')}</Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('estate_notices.list.empty')}
        </Text>
      ) : (
        <ListTable minWidth={560}>
          <Table.Caption>{t('estate_notices.list.title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('estate_notices.list.name')}</Table.Th>
              <Table.Th scope="col">{t('estate_notices.list.kind')}</Table.Th>
              <Table.Th scope="col">{t('estate_notices.list.email')}</Table.Th>
              <Table.Th scope="col">{t('estate_notices.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{t(`estate_notices.kind.${r.kind}`)}</Table.Td>
                <Table.Td>
                  {r.email}
                  {r.phone ? ` · ${r.phone}` : ''}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="compact-xs" variant="subtle" onClick={() => setEditing(r)}>
                      {t('estate_notices.list.edit')}
                    </Button>
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove(r)}>
                      {t('estate_notices.list.remove')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <RecipientForm key={editing?.id ?? 'new'} organisationId={organisationId} editing={editing} onDone={refresh} />
    </Stack>
  );
}
