/**
 * Part A of the hibah wizards — account and product (reference §3.2 part A, §3.4 part A; ADR 0025).
 *
 * - A Client registers for themselves: `POST /api/hibah { user_id: me, hibah_type }` (the open hibah of that
 *   product comes back instead of a second one) → part D.
 * - An agent, partner or staff registrar (`will:create:client`) registers for a client: the client by MyKad
 *   (found or created, {@link ClientPicker}) → `POST /api/hibah { user_id: client, hibah_type, agent_id:
 *   me }` → part C, to choose the organisation and branch. The registrar fills the parts; only the grantor
 *   updates the hibah's own details, signs, submits and accepts (spec §6).
 * - The one-cent trust is opened by a client's redeem code (/trust-onecent/redeem), not here.
 */
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { ESTATE_HIBAH_TYPE, ONE_CENT_HIBAH_TYPE, type PreferenceLike } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { currentPreference } from '@/app/guards.ts';
import { api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { registersForClients } from '../access.ts';
import { ClientPicker } from '../components/ClientPicker.tsx';
import { offeredProducts } from '../products.ts';
import type { Hibah } from '../useHibah.ts';

/** Part A: choose the product and create the hibah (for oneself, or an agent for a client). */
export function PartA({ base, hibah, fixedType }: { base: string; hibah?: Hibah | null; fixedType?: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const navigate = useNavigate();
  const user = session.user();
  const forClient = registersForClients();
  const options = offeredProducts(currentPreference() as PreferenceLike)
    .filter((p) => (fixedType ? p.code === fixedType : p.code !== ESTATE_HIBAH_TYPE && p.code !== ONE_CENT_HIBAH_TYPE))
    .map((p) => ({ value: String(p.code), label: p[lang] }));
  const [params] = useSearchParams();
  const wanted = fixedType ? String(fixedType) : params.get('type');
  const [type, setType] = useState<string | null>(
    options.find((o) => o.value === wanted)?.value ?? options[0]?.value ?? null,
  );
  if (hibah) {
    return (
      <Text data-testid="hibah-created">
        {hibah.user && hibah.user_id !== user?.id
          ? t('hibah.a.created_for', { name: hibah.user.name })
          : t('hibah.a.created')}
      </Text>
    );
  }
  if (fixedType === ONE_CENT_HIBAH_TYPE) {
    // The one-cent trust is opened by the client's redeem code (ADR 0035), not from part A.
    return (
      <Alert data-testid="hibah-one-cent-by-code">
        {t('hibah.a.one_cent_by_code')}{' '}
        {forClient ? null : (
          <Anchor component={Link} to="/trust-onecent/redeem">
            {t('hibah.dashboard.one_cent')}
          </Anchor>
        )}
      </Alert>
    );
  }
  const product = (
    <Select
      label={t('hibah.f.product')}
      data={options}
      value={type}
      onChange={setType}
      required
      allowDeselect={false}
      data-testid="hibah-product"
    />
  );
  if (forClient) {
    return (
      <Stack>
        <Paper withBorder p="md">
          <Stack>
            <Text>{t('hibah.a.for_client_intro')}</Text>
            {product}
          </Stack>
        </Paper>
        <ClientPicker
          action={t('hibah.a.register_for_client')}
          onChosen={async (client) => {
            const r = await api.post<{ hibah: Hibah }>(
              'hibah',
              { user_id: client.id, hibah_type: Number(type), agent_id: user?.id },
              { silent: true },
            );
            navigate(`${base}/part-c?id=${r.hibah.id}`);
          }}
        />
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md">
      <Stack>
        {product}
        <Group>
          <Button
            data-testid="hibah-create"
            disabled={!type || !user}
            onClick={async () => {
              const r = await api.post<{ hibah: Hibah }>('hibah', { user_id: user?.id, hibah_type: Number(type) });
              navigate(`${base}/part-d?id=${r.hibah.id}`);
            }}
          >
            {t('hibah.a.start')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
