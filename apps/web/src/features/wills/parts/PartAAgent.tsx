/**
 * Part A for an Agent or Staff (split from PartA.tsx so that a Client's Part A never downloads the search and
 * client-creation forms, their validation library and the grant request: issue 18 item 4, ADR 0211). The
 * caller enters a client's MyKad → GET /api/user?ic_number=…&return_first=true; when there is none, a small form
 * creates the client (POST /api/user) → POST /api/wasiat `{ user_id, agent_id: me }`. A client whom the caller's
 * organisation has no grant for is answered as no one (the same as an unregistered MyKad; issue 36 item 6, ADR
 * 0228): beside the creation form the agent may request access by the MyKad (features/grants RequestAccess;
 * ADR 0101) and, once granted, the lookup shows the full record.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { clientCreateSchema, mykad } from '@wasiat/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors } from '@/components/form-errors.ts';
import { RequestAccess } from '@/features/grants/index.ts';
import { api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { TextField } from '../components/fields.tsx';
import { useStartWill } from '../hooks/useStartWill.ts';

interface FoundUser {
  id: string;
  name: string;
  ic_number?: string | null;
  email?: string | null;
  masked?: boolean;
}

const searchSchema = z.object({ ic_number: mykad() });
type SearchValues = z.input<typeof searchSchema>;

/** The agent's or staff member's Part A: find the client by MyKad, or create them, then start their will. */
export function AgentStart() {
  const { t } = useTranslation();
  const [found, setFound] = useState<FoundUser | null | undefined>(undefined);
  const [ic, setIc] = useState('');
  const form = useForm<SearchValues>({ resolver: zodResolver(searchSchema), defaultValues: { ic_number: '' } });
  const lookup = async (icNumber: string) => {
    const r = await api.get<{ users: FoundUser | null | { data: FoundUser[] } }>('user', {
      ic_number: icNumber,
      return_first: 'true',
    });
    const u = r.users && 'data' in r.users ? (r.users.data[0] ?? null) : (r.users as FoundUser | null);
    setIc(icNumber);
    setFound(u ?? null);
  };
  const onSearch = form.handleSubmit((v) => lookup(v.ic_number));
  return (
    <Stack>
      <Paper withBorder p="md" component="form" onSubmit={onSearch} noValidate aria-labelledby="part-a-search">
        <Stack>
          <Title order={3} id="part-a-search">
            {t('wills.a.search_title')}
          </Title>
          <TextField
            register={form.register}
            name="ic_number"
            label={t('wills.f.client_ic_number')}
            error={form.formState.errors.ic_number?.message}
            inputMode="numeric"
            required
          />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('wills.a.search')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {found && <FoundClient user={found} />}
      {found === null && <RequestAccess key={ic} icNumber={ic} onGranted={() => lookup(ic)} />}
      {found === null && <CreateClient icNumber={ic} />}
    </Stack>
  );
}

function FoundClient({ user }: { user: FoundUser }) {
  const { t } = useTranslation();
  const me = session.user();
  const start = useStartWill();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Paper withBorder p="md" data-testid="found-client">
      <Stack>
        <Title order={3}>{t('wills.a.found_title')}</Title>
        <Text>
          {user.name} ({user.ic_number})
        </Text>
        <FormError message={error} />
        <Group>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await start({ user_id: user.id, agent_id: me?.id });
              } catch (e) {
                setError(e instanceof Error ? e.message : String(e));
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('wills.a.register_for_client')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type CreateValues = z.input<typeof clientCreateSchema>;
const CREATE_FIELDS = ['ic_number', 'name', 'email', 'mobile_number'] as const;

function CreateClient({ icNumber }: { icNumber: string }) {
  const { t } = useTranslation();
  const me = session.user();
  const start = useStartWill();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateValues>({
    resolver: zodResolver(clientCreateSchema),
    defaultValues: { ic_number: icNumber, name: '', email: '', mobile_number: '' },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const r = await api.post<{ user: FoundUser }>('user', v);
      await start({ user_id: r.user.id, agent_id: me?.id });
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, CREATE_FIELDS));
    }
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby="part-a-create">
      <Stack>
        <Title order={3} id="part-a-create">
          {t('wills.a.create_title')}
        </Title>
        <Text size="sm">{t('wills.a.create_intro')}</Text>
        <TextField
          register={form.register}
          name="ic_number"
          label={t('wills.f.ic_number')}
          error={errors.ic_number?.message}
          readOnly
          required
        />
        <TextField
          register={form.register}
          name="name"
          label={t('wills.f.name')}
          error={errors.name?.message}
          required
        />
        <TextField
          register={form.register}
          name="email"
          label={t('wills.f.email')}
          error={errors.email?.message}
          type="email"
        />
        <TextField
          register={form.register}
          name="mobile_number"
          label={t('wills.f.mobile_number')}
          error={errors.mobile_number?.message}
          inputMode="tel"
        />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('wills.a.create_and_start')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
