/**
 * Part I of the hibah wizards — witnesses and completion (reference §3.2–§3.4; docs/api/hibah.md): the rows of
 * `/api/hibah/{id}/witness` (the domain's `hibahWitnessSchema`), added, corrected or replaced until the
 * registration is completed — also after payment, approval and the receivers' signatures (the domain's
 * `HIBAH_STEP_STATUSES.witnesses`; issue 34, ADR 0223) — except a witness who has confirmed; each unconfirmed
 * witness's link at status 4 (PartyLink.tsx), completion (status 5) once the domain's `hibahCompletionBlocker`
 * says nothing is missing (two or more, all confirmed), then the certificate (the signed route `hibah.certificate`).
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { HIBAH_STATUS, hibahCompletionBlocker, hibahWitnessSchema } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { defaultsFor, witnessSpecs } from '@/components/instrument/party-fields.ts';
import { api } from '@/lib/api.ts';
import { mayFill } from '../access.ts';
import { Rows } from '../components/Rows.tsx';
import { type Hibah, useHibahRows, useRefreshHibah } from '../useHibah.ts';
import { PartyLink } from './PartyLink.tsx';

/** Part I: witnesses (two or more), their confirmation links, and completion (status 5). */
export function PartI({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const witnesses = useHibahRows<any>(hibah.id, 'witness', 'witnesses');
  const specs = witnessSpecs(t);
  const blocker = hibahCompletionBlocker(witnesses.data ?? []);
  return (
    <Stack>
      <Rows
        hibahId={hibah.id}
        path="witness"
        envelope="witnesses"
        title={t('hibah.i.witnesses')}
        schema={hibahWitnessSchema}
        fields={specs}
        defaults={defaultsFor(specs)}
        columns={[
          { key: 'name', label: t('wills.f.name') },
          {
            key: 'confirmed_at',
            label: t('hibah.i.confirmed'),
            render: (r) => (r.confirmed_at ? t('hibah.yes') : t('hibah.no')),
          },
        ]}
        testId="hibah-witness"
        editable={mayFill(hibah, 'witnesses')}
        rowEditable={(r) => !r.confirmed_at}
        extra={(r) =>
          hibah.status === HIBAH_STATUS.awaitingWitnesses && !r.confirmed_at ? (
            <PartyLink route="hibah.witness" hibahId={hibah.id} idKey="witness_id" id={r.id} phone={r.mobile_number} />
          ) : null
        }
      />
      {hibah.status === HIBAH_STATUS.awaitingWitnesses ? (
        <Group>
          <Button
            disabled={!!blocker}
            data-testid="hibah-finish"
            onClick={async () => {
              await api.post(`hibah/${hibah.id}`, { status: 5 });
              await refresh(hibah.id);
            }}
          >
            {t('hibah.i.finish')}
          </Button>
          {blocker && witnesses.data ? (
            <Text c="dimmed" size="sm" data-testid="hibah-finish-blocker">
              {t(blocker)}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {hibah.status === HIBAH_STATUS.registered ? (
        <Group>
          <Alert data-testid="hibah-registered">{t('hibah.i.registered', { number: hibah.hibah_number })}</Alert>
          <Button
            variant="outline"
            onClick={async () => {
              const r = await api.post<{ url: string }>('route/sign', {
                route_name: 'hibah.certificate',
                hibah_id: hibah.id,
              });
              if (r.url) window.open(r.url, '_blank', 'noopener');
            }}
          >
            {t('hibah.i.certificate')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
