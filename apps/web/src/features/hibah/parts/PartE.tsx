/**
 * Part E of the hibah wizards — receivers (reference §3.2–§3.4; docs/api/hibah.md): the rows of
 * `/api/hibah/{id}/receiver` (the domain's `hibahReceiverSchema`; `is_minor` marks one under 18), each one
 * pickable from the grantor's heirs in the shared HeirPicker (issue 17 item 6; ADR 0176); the estate trust
 * also lists its heirs (`/api/hibah/{id}/heir`, `hibahHeirSchema`). A relationship reads as the will's does
 * (the domain's `relationshipLabel`: a child is "Anak lelaki / Son" or "Anak perempuan / Daughter" by MyKad).
 */
import { Stack } from '@mantine/core';
import { ESTATE_HIBAH_TYPE, hibahHeirSchema, hibahReceiverSchema, relationshipLabel } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { defaultsFor, heirSpecs, receiverSpecs } from '@/components/instrument/party-fields.ts';
import { HeirPicker, useLang } from '@/features/wills/index.ts';
import { mayFill } from '../access.ts';
import { useGrantorHeirs } from '../components/grantorHeirs.ts';
import { Rows } from '../components/Rows.tsx';
import type { Hibah } from '../useHibah.ts';

/** Part E: receivers (and, for the estate trust, heirs). */
export function PartE({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const lang = useLang();
  const relationship = {
    key: 'relationship',
    label: t('wills.f.relationship'),
    render: (r: { relationship?: string | null; ic_number?: string | null }) =>
      relationshipLabel(r.relationship, r.ic_number, lang) || '-',
  };
  const specs = receiverSpecs(t);
  const editable = mayFill(hibah);
  const pickable = useGrantorHeirs(hibah);
  return (
    <Stack>
      {hibah.hibah_type === ESTATE_HIBAH_TYPE ? (
        <Rows
          hibahId={hibah.id}
          path="heir"
          envelope="heirs"
          title={t('hibah.e.heirs')}
          schema={hibahHeirSchema}
          fields={heirSpecs(t)}
          defaults={defaultsFor(heirSpecs(t))}
          columns={[{ key: 'name', label: t('wills.f.name') }, relationship]}
          testId="hibah-heir"
          editable={editable}
        />
      ) : null}
      <Rows
        hibahId={hibah.id}
        path="receiver"
        envelope="receivers"
        title={t('hibah.e.receivers')}
        schema={hibahReceiverSchema}
        fields={specs}
        defaults={defaultsFor(specs)}
        columns={[
          { key: 'name', label: t('wills.f.name') },
          relationship,
          { key: 'ic_number', label: t('wills.f.ic_number') },
          {
            key: 'is_minor',
            label: t('hibah.f.is_minor'),
            render: (r) => (r.is_minor ? t('hibah.yes') : t('hibah.no')),
          },
        ]}
        testId="hibah-receiver"
        editable={editable}
        formLead={(form) => <HeirPicker heirs={pickable} form={form} mode="receiver" />}
      />
    </Stack>
  );
}
