/**
 * Part F of the hibah wizards — property (reference §3.2–§3.4; docs/api/hibah.md): movable
 * (`/api/hibah/{id}/moveable-property`, the domain's `moveableFieldsSchema`) and immovable
 * (`/api/hibah/{id}/immoveable-property`, `immoveableFieldsSchema`) rows, each with its receivers' shares and
 * attachments (Shares.tsx, Attachments.tsx). The one-cent trust lists wallet accounts instead (username and
 * wallet name, up to its maximum); types 3, 4, 7, 8 and the estate trust add the ledger (Ledger.tsx).
 */
import { Stack, Text, Title } from '@mantine/core';
import {
  ESTATE_HIBAH_TYPE,
  IMMOVEABLE_CATEGORIES,
  immoveableFieldsSchema,
  LAND_TITLE_TYPES,
  labelOf,
  MOVEABLE_PROPERTY_TYPES,
  moveableFieldsSchema,
  ONE_CENT_HIBAH_TYPE,
} from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { defaultsFor } from '@/components/instrument/party-fields.ts';
import type { FieldSpec } from '@/components/instrument/RecordForm.tsx';
import { immoveableSpecs, moveableSpecs } from '@/features/wills/index.ts';
import { mayFill } from '../access.ts';
import { Rows } from '../components/Rows.tsx';
import type { Hibah } from '../useHibah.ts';
import { Attachments } from './Attachments.tsx';
import { Ledger } from './Ledger.tsx';
import { Shares } from './Shares.tsx';

const walletSchema = z.object({
  one_cent_username: z.string().trim().min(1, { error: 'validation.required' }),
  one_cent_wallet_name: z.string().trim().min(1, { error: 'validation.required' }),
});

/** Part F: property (movable and immovable) with each one's receivers; the estate trust's ledger. */
export function PartF({ hibah }: { hibah: Hibah }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const editable = mayFill(hibah);
  const oneCent = hibah.hibah_type === ONE_CENT_HIBAH_TYPE;
  const mSpecs: FieldSpec[] = oneCent
    ? [
        { name: 'one_cent_username', label: t('hibah.f.one_cent_username'), required: true },
        { name: 'one_cent_wallet_name', label: t('hibah.f.one_cent_wallet_name'), required: true },
      ]
    : moveableSpecs(t);
  const iSpecs = immoveableSpecs(t);
  const shares = (r: any) => (
    <Stack gap={4}>
      <Shares hibahId={hibah.id} propertyId={r.id} editable={editable} />
      <Attachments hibahId={hibah.id} propertyId={r.id} editable={editable} />
    </Stack>
  );
  return (
    <Stack>
      <Title order={2} size="h4">
        {t('hibah.f.moveable')}
      </Title>
      <Rows
        hibahId={hibah.id}
        path="moveable-property"
        envelope="moveable_properties"
        title={t('hibah.f.moveable')}
        schema={oneCent ? walletSchema : moveableFieldsSchema}
        fields={mSpecs}
        defaults={defaultsFor(mSpecs)}
        columns={[
          {
            key: 'property_type',
            label: t('wills.f.property_type'),
            // The catalogue's name, never the stored code (issue 17 item 9: "savings" was shown).
            render: (r) => labelOf(MOVEABLE_PROPERTY_TYPES, r.property_type ?? null, lang) || '-',
          },
          {
            key: 'institution_name',
            label: t('hibah.f.details'),
            render: (r) => r.one_cent_wallet_name ?? r.institution_name ?? r.transport_registration_number ?? '-',
          },
        ]}
        testId="hibah-moveable"
        editable={editable}
        extra={shares}
      />
      {oneCent ? (
        <Text c="dimmed">{t('hibah.f.wallet_limit', { n: hibah.one_cent_maximum_moveable_property })}</Text>
      ) : (
        <>
          <Title order={2} size="h4">
            {t('hibah.f.immoveable')}
          </Title>
          <Rows
            hibahId={hibah.id}
            path="immoveable-property"
            envelope="immoveable_properties"
            title={t('hibah.f.immoveable')}
            schema={immoveableFieldsSchema}
            fields={iSpecs}
            defaults={defaultsFor(iSpecs)}
            columns={[
              {
                key: 'property_type',
                label: t('wills.f.property_type'),
                render: (r) =>
                  [
                    labelOf(IMMOVEABLE_CATEGORIES, r.category ?? null, lang),
                    labelOf(LAND_TITLE_TYPES, r.property_type ?? null, lang),
                  ]
                    .filter(Boolean)
                    .join(' · ') || '-',
              },
              { key: 'property_no', label: t('hibah.f.property_no') },
            ]}
            testId="hibah-immoveable"
            editable={editable}
            extra={shares}
          />
        </>
      )}
      {[3, 4, 7, 8, ESTATE_HIBAH_TYPE].includes(hibah.hibah_type) ? <Ledger hibah={hibah} /> : null}
    </Stack>
  );
}
