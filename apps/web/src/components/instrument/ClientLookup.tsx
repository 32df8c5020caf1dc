/**
 * The client of an agent's (or a staff registrar's) registration, for every kind of instrument (reference §3.1
 * and §3.2 part A; issue 34 "One instrument", ADR 0233): the will's part A (features/wills/parts/PartAAgent.tsx)
 * and the hibah/trust part A (features/hibah/parts/PartA.tsx).
 *
 * The caller enters the client's MyKad → `GET /api/user?ic_number=…&return_first=true`; found → a button
 * (`chooseLabel`) calls `onChosen(user)`; none → a small form creates the client (`POST /api/user`,
 * `clientCreateSchema`; a 422 lands on its fields) and then calls `onChosen(created)`. A client the caller's
 * organisation has no grant for is answered as no one (issue 36 item 6, ADR 0228): `renderNotFound(ic, retry)`
 * adds, beside the creation form, what the page offers then (the grant request of features/grants, ADR 0101;
 * components/ does not import features, so the page passes it) and `retry()` looks the MyKad up again.
 * What differs between the pages — labels of the two buttons, heading level, element ids and test ids — is
 * passed in; every text is a translation key of the `wills.a`/`wills.f` catalogue or a given label.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput, Title, type TitleOrder } from '@mantine/core';
import { clientCreateSchema, mykad } from '@wasiat/domain';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors, errorText } from '@/components/form-errors.ts';
import { ApiError, api } from '@/lib/api.ts';

/** A user as `GET /api/user` and `POST /api/user` answer it (the fields shown here). */
export interface LookedUpClient {
  id: string;
  name: string;
  ic_number?: string | null;
  masked?: boolean;
}

/** The `data-testid`s of the lookup's parts; a part without one gets none. */
export interface ClientLookupTestIds {
  ic?: string;
  search?: string;
  found?: string;
  choose?: string;
  create?: string;
  createSubmit?: string;
}

/** What a page sets of {@link ClientLookup}. */
export interface ClientLookupProps {
  /** Called with the found or newly created client; a rejection is shown in the panel it came from. */
  onChosen: (u: LookedUpClient) => Promise<void>;
  /** The found panel's button, e.g. "register a will for this client". */
  chooseLabel: string;
  /** The creation form's submit button. */
  createLabel: string;
  /** Shown (with the creation form) when the MyKad finds no one the caller may see; `retry` looks it up again. */
  renderNotFound?: (icNumber: string, retry: () => Promise<void>) => ReactNode;
  /** Prefix of the ids the two forms are labelled by: `${idPrefix}-search`, `${idPrefix}-create`. */
  idPrefix: string;
  /** Level (and optional visual size) of the panels' headings. */
  titleOrder: TitleOrder;
  titleSize?: string;
  testIds?: ClientLookupTestIds;
}

const searchSchema = z.object({ ic_number: mykad() });
type CreateValues = z.input<typeof clientCreateSchema>;
const CREATE_FIELDS = ['ic_number', 'name', 'email', 'mobile_number'] as const;

/** Search by MyKad, then choose the found client or create a new one (see the file's comment). */
export function ClientLookup(props: ClientLookupProps) {
  const { onChosen, chooseLabel, renderNotFound, idPrefix, titleOrder, titleSize, testIds = {} } = props;
  const { t } = useTranslation();
  const [found, setFound] = useState<LookedUpClient | null | undefined>(undefined);
  const [ic, setIc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const search = useForm<{ ic_number: string }>({
    resolver: zodResolver(searchSchema),
    defaultValues: { ic_number: '' },
  });
  const lookup = async (icNumber: string) => {
    const r = await api.get<{ users: LookedUpClient | null | { data: LookedUpClient[] } }>('user', {
      ic_number: icNumber,
      return_first: 'true',
    });
    const u = r.users && 'data' in r.users ? (r.users.data[0] ?? null) : (r.users as LookedUpClient | null);
    setIc(icNumber);
    setFound(u ?? null);
  };
  const onSearch = search.handleSubmit((v) => lookup(v.ic_number));
  const choose = async (u: LookedUpClient) => {
    setBusy(true);
    setError(null);
    try {
      await onChosen(u);
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Paper withBorder p="md" component="form" onSubmit={onSearch} noValidate aria-labelledby={`${idPrefix}-search`}>
        <Stack>
          <Title order={titleOrder} size={titleSize} id={`${idPrefix}-search`}>
            {t('wills.a.search_title')}
          </Title>
          <TextInput
            label={t('wills.f.client_ic_number')}
            inputMode="numeric"
            required
            {...search.register('ic_number')}
            error={errorText(t, search.formState.errors.ic_number?.message)}
            data-testid={testIds.ic}
          />
          <Group>
            <Button type="submit" loading={search.formState.isSubmitting} data-testid={testIds.search}>
              {t('wills.a.search')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {found ? (
        <Paper withBorder p="md" data-testid={testIds.found}>
          <Stack>
            <Title order={titleOrder} size={titleSize}>
              {t('wills.a.found_title')}
            </Title>
            <Text>
              {found.name} ({found.ic_number})
            </Text>
            <FormError message={error} />
            <Group>
              <Button loading={busy} onClick={() => choose(found)} data-testid={testIds.choose}>
                {chooseLabel}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {found === null && renderNotFound ? renderNotFound(ic, () => lookup(ic)) : null}
      {found === null ? <CreateClient key={`create-${ic}`} icNumber={ic} {...props} /> : null}
    </Stack>
  );
}

/** The creation form of a client not found: MyKad (as searched, read-only), name, e-mail, mobile number. */
function CreateClient({
  icNumber,
  onChosen,
  createLabel,
  idPrefix,
  titleOrder,
  titleSize,
  testIds = {},
}: ClientLookupProps & { icNumber: string }) {
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
      const r = await api.post<{ user: LookedUpClient }>('user', v);
      await onChosen(r.user);
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
      aria-labelledby={`${idPrefix}-create`}
      data-testid={testIds.create}
    >
      <Stack>
        <Title order={titleOrder} size={titleSize} id={`${idPrefix}-create`}>
          {t('wills.a.create_title')}
        </Title>
        <Text size="sm">{t('wills.a.create_intro')}</Text>
        {field('ic_number', t('wills.f.ic_number'), { readOnly: true, required: true })}
        {field('name', t('wills.f.name'), { required: true })}
        {field('email', t('wills.f.email'), { type: 'email' })}
        {field('mobile_number', t('wills.f.mobile_number'), { inputMode: 'tel' })}
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} data-testid={testIds.createSubmit}>
            {createLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
