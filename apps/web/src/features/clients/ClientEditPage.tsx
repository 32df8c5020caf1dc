/**
 * /client/{client_id}/edit (spec §2 Clients; reference §3.8 "Client edit"): a client's name, designation,
 * gender, e-mail, phones and address. Loads `GET /api/client/{id}` and saves `PATCH /api/user/{id}`
 * (apps/api/src/modules/clients/profile.ts: roles with `client:edit`, within their scope; 404 otherwise).
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isNotFound } from '@/app/access.tsx';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
import { ProfileForm, type ProfileUser } from '@/components/ProfileForm.tsx';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';

/** The edit page of one client. */
export function ClientEditPage() {
  const { t } = useTranslation();
  const { client_id } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['client', client_id],
    queryFn: async () =>
      (await api.get<{ user: ProfileUser }>(`client/${client_id}`, undefined, { silent: true })).user,
  });
  // Another agent's client, or none: the not-found page, not a blank page and a toast (issue 17 item 11).
  if (q.error) return isNotFound(q.error) ? <NotFoundPage /> : <Text role="alert">{t('dashboard.load_failed')}</Text>;
  if (!q.data) return null;
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack>
        <Title order={1}>
          {t('profile.ui.edit_client')} — {q.data.name}
        </Title>
        <ProfileForm
          testId="client-edit-form"
          user={q.data}
          onSaved={async () => {
            await qc.invalidateQueries({ queryKey: ['client', client_id] });
            await qc.invalidateQueries({ queryKey: ['clients'] });
            successToast(t('profile.ui.saved'));
            navigate(`/client/${client_id}`);
          }}
        />
      </Stack>
    </Paper>
  );
}
