/**
 * Part I of the hibah wizards — witnesses and completion (reference §3.2–§3.4; docs/api/hibah.md): the rows of
 * `/api/hibah/{id}/witness` (the domain's `hibahWitnessSchema`), each unconfirmed witness's link at status 4
 * (PartyLink.tsx), completion (status 5) once two or more have confirmed, then the certificate (the signed
 * route `hibah.certificate`).
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { hibahWitnessSchema } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { defaultsFor, witnessSpecs } from '@/features/wills/components/personFields.ts';
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
  const all = (witnesses.data ?? []).length >= 2 && (witnesses.data ?? []).every((w) => w.confirmed_at);
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
        editable={mayFill(hibah)}
        extra={(r) =>
          hibah.status === 4 && !r.confirmed_at ? (
            <PartyLink route="hibah.witness" hibahId={hibah.id} idKey="witness_id" id={r.id} phone={r.mobile_number} />
          ) : null
        }
      />
      {hibah.status === 4 ? (
        <Group>
          <Button
            disabled={!all}
            data-testid="hibah-finish"
            onClick={async () => {
              await api.post(`hibah/${hibah.id}`, { status: 5 });
              await refresh(hibah.id);
            }}
          >
            {t('hibah.i.finish')}
          </Button>
        </Group>
      ) : null}
      {hibah.status === 5 ? (
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
