/**
 * The client of an agent's (or a staff registrar's) registration (reference §3.2 part A; as the will
 * wizard's part A, features/wills/parts/PartA.tsx): the client's MyKad → `GET /api/user?ic_number=…&
 * return_first=true`; found → "register for this client"; none → a small form creates the client
 * (`POST /api/user`, `clientCreateSchema`; 422 on its fields). `onChosen(user)` starts the registration.
 * A client the caller's organisation has no grant for is answered as no one (issue 36 item 6, ADR 0228): beside
 * the creation form, request access by the MyKad (ADR 0101).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { clientCreateSchema, mykad } from '@wasiat/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors, errorText } from '@/components/form-errors.ts';
import { RequestAccess } from '@/features/grants/index.ts';
import { ApiError, api } from '@/lib/api.ts';

/** A user as `GET /api/user` and `POST /api/user` answer it (the fields shown here). */
export interface PickedClient {
  id: string;
  name: string;
  ic_number?: string | null;
  masked?: boolean;
}

const searchSchema = z.object({ ic_number: mykad() });
type CreateValues = z.input<typeof clientCreateSchema>;
const CREATE_FIELDS = ['ic_number', 'name', 'email', 'mobile_number'] as const;

/** Search by MyKad, then register for the found client or create a new one. */
export function ClientPicker({ onChosen, action }: { onChosen: (u: PickedClient) => Promise<void>; action: string }) {
  const { t } = useTranslation();
  const [found, setFound] = useState<PickedClient | null | undefined>(undefined);
  const [ic, setIc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const search = useForm<{ ic_number: string }>({
    resolver: zodResolver(searchSchema),
    defaultValues: { ic_number: '' },
  });
  const lookup = async (icNumber: string) => {
    const r = await api.get<{ users: PickedClient | null | { data: PickedClient[] } }>('user', {
      ic_number: icNumber,
      return_first: 'true',
    });
    const u = r.users && 'data' in r.users ? (r.users.data[0] ?? null) : (r.users as PickedClient | null);
    setIc(icNumber);
    setFound(u ?? null);
  };
  const onSearch = search.handleSubmit((v) => lookup(v.ic_number));
  const choose = async (u: PickedClient) => {
    setBusy(true);
    setError(null);
    try {
      await onChosen(u);
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Paper withBorder p="md" component="form" onSubmit={onSearch} noValidate aria-labelledby="hibah-client-search">
        <Stack>
          <Title order={2} size="h4" id="hibah-client-search">
            {t('wills.a.search_title')}
          </Title>
          <TextInput
            label={t('wills.f.client_ic_number')}
            inputMode="numeric"
            required
            {...search.register('ic_number')}
            error={errorText(t, search.formState.errors.ic_number?.message)}
            data-testid="hibah-client-ic"
          />
          <Group>
            <Button type="submit" loading={search.formState.isSubmitting} data-testid="hibah-client-search">
              {t('wills.a.search')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {found === null ? <RequestAccess key={ic} icNumber={ic} onGranted={() => lookup(ic)} /> : null}
      {found ? (
        <Paper withBorder p="md" data-testid="hibah-client-found">
          <Stack>
            <Title order={2} size="h4">
              {t('wills.a.found_title')}
            </Title>
            <Text>
              {found.name} ({found.ic_number})
            </Text>
            <FormError message={error} />
            <Group>
              <Button loading={busy} onClick={() => choose(found)} data-testid="hibah-client-choose">
                {action}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {found === null ? <CreateClient key={ic} icNumber={ic} onCreated={onChosen} /> : null}
    </Stack>
  );
}

function CreateClient({ icNumber, onCreated }: { icNumber: string; onCreated: (u: PickedClient) => Promise<void> }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateValues>({
    resolver: zodResolver(clientCreateSchema),
    defaultValues: { ic_number: icNumber, name: '', email: '', mobile_number: '' },
  });
  const e = form.formState.errors;
  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const r = await api.post<{ user: PickedClient }>('user', v);
      await onCreated(r.user);
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, CREATE_FIELDS));
    }
  });
  const field = (name: (typeof CREATE_FIELDS)[number], label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} {...form.register(name)} error={errorText(t, e[name]?.message)} {...extra} />
  );
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="hibah-client-create"
      data-testid="hibah-client-create"
    >
      <Stack>
        <Title order={2} size="h4" id="hibah-client-create">
          {t('wills.a.create_title')}
        </Title>
        <Text size="sm">{t('wills.a.create_intro')}</Text>
        {field('ic_number', t('wills.f.ic_number'), { readOnly: true, required: true })}
        {field('name', t('wills.f.name'), { required: true })}
        {field('email', t('wills.f.email'), { type: 'email' })}
        {field('mobile_number', t('wills.f.mobile_number'), { inputMode: 'tel' })}
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="hibah-client-create-submit">
            {t('hibah.a.create_client')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
