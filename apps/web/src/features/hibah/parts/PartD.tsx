/**
 * Part D of the hibah wizards — the grantor (spec §2 Trusts, §6; reference §3.2–§3.4; docs/api/hibah.md): the
 * grantor's particulars (`detailSpecs`, the domain's `userDetailSchema`: `POST /api/hibah/{id}/user-detail`)
 * and the trust's details (`trustSpecs`, `hibahFieldsSchema`: `POST /api/hibah/{id}`; the estate trust adds its
 * period and distribution instructions). A corporate product shows the company, its signatories and board
 * resolution in place of the particulars (Company.tsx) and asks no work or income (ADR 0165).
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import {
  CORPORATE_HIBAH_TYPES,
  ESTATE_HIBAH_TYPE,
  HIBAH_PROPERTY_SOURCES,
  hibahFieldsSchema,
  INCOME_SOURCES,
  TRUST_PURPOSE_TYPES,
  userDetailSchema,
} from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { defaultsFor, particularsSpecs } from '@/components/instrument/party-fields.ts';
import { type FieldSpec, RecordForm } from '@/components/instrument/RecordForm.tsx';
import { api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { isGrantor } from '../access.ts';
import { type Hibah, useRefreshHibah } from '../useHibah.ts';
import { CompanyPart } from './Company.tsx';

type T = (k: string, o?: Record<string, unknown>) => string;

/** The grantor's particulars (shared with a will amendment's testator) and the hibah's address labels. */
const detailSpecs = (t: T): FieldSpec[] => [
  ...particularsSpecs(t),
  { name: 'correspondence_address', label: t('hibah.f.correspondence_address'), kind: 'textarea', required: true },
  { name: 'correspondence_postcode', label: t('wills.f.postcode'), inputMode: 'numeric', required: true },
  { name: 'correspondence_city', label: t('wills.f.city'), required: true },
  { name: 'correspondence_state', label: t('wills.f.state'), kind: 'state', required: true },
  { name: 'permanent_address', label: t('hibah.f.permanent_address'), kind: 'textarea', required: true },
  { name: 'permanent_postcode', label: t('wills.f.postcode'), inputMode: 'numeric', required: true },
  { name: 'permanent_city', label: t('wills.f.city'), required: true },
  { name: 'permanent_state', label: t('wills.f.state'), kind: 'state', required: true },
];

/** The trust fields that describe a person's work and income: not asked of a company (ADR 0165). */
const PERSONAL_TRUST_FIELDS = ['employer_name', 'job_title', 'yearly_income', 'income_source'];

const trustSpecs = (t: T, estate: boolean): FieldSpec[] => [
  { name: 'employer_name', label: t('hibah.f.employer_name') },
  { name: 'job_title', label: t('hibah.f.job_title') },
  { name: 'yearly_income', label: t('hibah.f.yearly_income') },
  { name: 'income_source', label: t('hibah.f.income_source'), kind: 'catalogue', catalogue: INCOME_SOURCES },
  {
    name: 'hibah_property_source',
    label: t('hibah.f.hibah_property_source'),
    kind: 'catalogue',
    catalogue: HIBAH_PROPERTY_SOURCES,
  },
  {
    name: 'trust_purpose_type',
    label: t('hibah.f.trust_purpose_type'),
    kind: 'catalogue',
    catalogue: TRUST_PURPOSE_TYPES,
  },
  { name: 'trust_purpose', label: t('hibah.f.trust_purpose'), kind: 'textarea' },
  ...(estate
    ? ([
        { name: 'period', label: t('hibah.f.period') },
        { name: 'other_period_instructions', label: t('hibah.f.other_period_instructions'), kind: 'textarea' },
        {
          name: 'distribution_lifetime_instruction',
          label: t('hibah.f.distribution_lifetime_instruction'),
          kind: 'textarea',
        },
        {
          name: 'distribution_after_death_instruction',
          label: t('hibah.f.distribution_after_death_instruction'),
          kind: 'textarea',
        },
      ] as FieldSpec[])
    : []),
];

/**
 * Part D: the grantor's particulars (`POST /api/hibah/{id}/user-detail`: the grantor or the agent who
 * registered the hibah; prefilled from the grantor's account) and the trust's details (`POST /api/hibah/{id}`:
 * an update of the hibah, the grantor's alone — spec §6; an agent sees a note and goes on).
 */
export function PartD({ hibah, next }: { hibah: Hibah; next: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const account = hibah.user ?? (isGrantor(hibah) ? session.user() : null);
  const specs = detailSpecs(t);
  const detail = hibah.user_detail ?? {
    ic_number: account?.ic_number,
    name: account?.name,
    email: (account as { email?: string | null } | null)?.email,
    mobile_number: (account as { mobile_number?: string | null } | null)?.mobile_number,
  };
  const corporate = (CORPORATE_HIBAH_TYPES as readonly number[]).includes(hibah.hibah_type);
  // A company has no employer, job or yearly income (ADR 0165).
  const tSpecs = trustSpecs(t, hibah.hibah_type === ESTATE_HIBAH_TYPE).filter(
    (f) => !corporate || !PERSONAL_TRUST_FIELDS.includes(f.name),
  );
  if (corporate) {
    return (
      <Stack>
        <CompanyPart hibah={hibah} />
        {isGrantor(hibah) ? (
          <RecordForm
            title={t('hibah.d.trust')}
            schema={hibahFieldsSchema}
            fields={tSpecs}
            defaults={defaultsFor(tSpecs, hibah)}
            submitLabel={t('hibah.save_next')}
            testId="hibah-trust"
            onSave={async (v) => {
              await api.post(
                `hibah/${hibah.id}`,
                Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== null)),
              );
              await refresh(hibah.id);
              next();
            }}
          />
        ) : (
          <>
            <Alert data-testid="hibah-trust-grantor-only">{t('hibah.d.trust_by_grantor')}</Alert>
            <Group>
              <Button variant="default" onClick={next} data-testid="hibah-part-d-next">
                {t('common.next')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    );
  }
  if (!isGrantor(hibah)) {
    return (
      <Stack>
        <RecordForm
          title={t('hibah.d.grantor')}
          schema={userDetailSchema}
          fields={specs}
          defaults={defaultsFor(specs, detail)}
          submitLabel={t('hibah.save')}
          testId="hibah-grantor"
          onSave={async (v) => {
            await api.post(`hibah/${hibah.id}/user-detail`, v);
            await refresh(hibah.id);
          }}
        />
        <Alert data-testid="hibah-trust-grantor-only">{t('hibah.d.trust_by_grantor')}</Alert>
        <Group>
          <Button variant="default" onClick={next} data-testid="hibah-part-d-next">
            {t('common.next')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <RecordForm
        title={t('hibah.d.grantor')}
        schema={userDetailSchema}
        fields={specs}
        defaults={defaultsFor(specs, detail)}
        submitLabel={t('hibah.save')}
        testId="hibah-grantor"
        onSave={async (v) => {
          await api.post(`hibah/${hibah.id}/user-detail`, v);
          await refresh(hibah.id);
        }}
      />
      <RecordForm
        title={t('hibah.d.trust')}
        schema={hibahFieldsSchema}
        fields={tSpecs}
        defaults={defaultsFor(tSpecs, hibah)}
        submitLabel={t('hibah.save_next')}
        testId="hibah-trust"
        onSave={async (v) => {
          await api.post(
            `hibah/${hibah.id}`,
            Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== null)),
          );
          await refresh(hibah.id);
          next();
        }}
      />
    </Stack>
  );
}
