/**
 * /kematian/lapor (issue 40 item 1; ADR 0261; `death:report`): report a death — the deceased's MyKad, the date of
 * death, the death certificate's number and a photo or scan of it, and the reporter's relationship — on one column
 * that fits a phone (the file input offers the camera there). The rules are the domain's (`deathReportSchema`,
 * checked here first, then by the server, whose 422 messages go to their fields; an `ekyc` refusal shows a link to
 * /ekyc). Below it, the caller's own reports with their status and a refusal's reason. Nothing about the deceased's
 * records is shown: the server tells the reporter nothing of them (ADR 0261).
 */
import { Alert, Anchor, Badge, Button, FileInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, deathReportSchema, REPORTER_RELATIONSHIP_CODES, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { errorText } from '@/components/form-errors.ts';
import { MykadInput } from '@/components/MykadInput.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { dataUrlOf as toDataUrl } from '@/lib/files.ts';
import { formatDate } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import { DEATHS_KEY, type DeathReport, type DeathReportsAnswer } from './api.ts';

const FIELDS = [
  'deceased_ic_number',
  'date_of_death',
  'certificate_no',
  'certificate',
  'relationship',
  'ekyc',
] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field | '_', string>>;

/** A report's status as a badge. */
export function DeathStatusBadge({ status }: { status: DeathReport['status'] }) {
  const { t } = useTranslation();
  const color = status === 'verified' ? 'green' : status === 'refused' ? 'red' : 'yellow';
  return (
    <Badge color={color} variant="light">
      {t(`deaths.status.${status}`)}
    </Badge>
  );
}

/** The page; see the file comment. */
export function ReportDeathPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const staff = can(roleOf(session.user()), 'death:verify');
  const relationships = REPORTER_RELATIONSHIP_CODES.filter((r) => r !== 'staff' || staff);
  const [values, setValues] = useState({
    deceased_ic_number: '',
    date_of_death: '',
    certificate_no: '',
    relationship: '',
  });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const mine = useQuery({
    queryKey: [...DEATHS_KEY, 'mine'],
    queryFn: () => api.get<DeathReportsAnswer>('death-report', { limit: 50 }),
  });
  const set = (k: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [k]: v }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const certificate = file ? await toDataUrl(file) : '';
    const body = { ...values, certificate, certificate_filename: file?.name ?? null };
    const parsed = deathReportSchema.safeParse(body);
    const next: Errors = {};
    if (!parsed.success) {
      for (const i of parsed.error.issues) next[(i.path[0] as Field) ?? '_'] ??= errorText(t, i.message);
    }
    if (!file) next.certificate = t('deaths.page.scan_required');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const r = await api.post<{ message: string }>('death-report', body, { silent: true });
      successToast(r.message);
      setValues({ deceased_ic_number: '', date_of_death: '', certificate_no: '', relationship: '' });
      setFile(null);
      await qc.invalidateQueries({ queryKey: DEATHS_KEY });
    } catch (err) {
      const out: Errors = {};
      if (err instanceof ApiError) {
        for (const [k, m] of Object.entries(err.errors))
          out[(FIELDS as readonly string[]).includes(k) ? (k as Field) : '_'] = m[0];
        if (!Object.keys(out).length) out._ = err.firstMessage;
      } else out._ = String(err);
      setErrors(out);
    } finally {
      setBusy(false);
    }
  }

  const reports = mine.data?.death_reports.data ?? [];
  return (
    <Stack maw={560}>
      <Title order={1}>{t('deaths.page.report_title')}</Title>
      <Text size="sm">{t('deaths.page.report_intro')}</Text>
      <form onSubmit={submit} noValidate data-testid="death-report-form">
        <Stack>
          <FormError message={errors._} />
          {errors.ekyc && (
            <Alert color="red" role="alert" data-testid="death-ekyc">
              {errors.ekyc}{' '}
              <Anchor component={Link} to="/ekyc">
                {t('deaths.page.ekyc_link')}
              </Anchor>
            </Alert>
          )}
          {!staff && <Text size="sm">{t('deaths.page.ekyc_first')}</Text>}
          <MykadInput
            label={t('deaths.page.deceased_ic')}
            required
            value={values.deceased_ic_number}
            onChange={(e) => set('deceased_ic_number')(e.currentTarget.value)}
            error={errors.deceased_ic_number}
          />
          <TextInput
            type="date"
            label={t('deaths.page.date_of_death')}
            required
            value={values.date_of_death}
            onChange={(e) => set('date_of_death')(e.currentTarget.value)}
            error={errors.date_of_death}
          />
          <TextInput
            label={t('deaths.page.certificate_no')}
            description={t('deaths.page.certificate_no_hint')}
            required
            autoComplete="off"
            value={values.certificate_no}
            onChange={(e) => set('certificate_no')(e.currentTarget.value)}
            error={errors.certificate_no}
          />
          <FileInput
            label={t('deaths.page.scan')}
            description={t('deaths.page.scan_hint')}
            accept="image/png,image/jpeg,image/webp,application/pdf"
            required
            clearable
            clearButtonProps={{ 'aria-label': t('deaths.page.clear_file') }}
            value={file}
            onChange={setFile}
            error={errors.certificate}
            data-testid="death-scan"
          />
          <Select
            label={t('deaths.page.relationship')}
            required
            data={relationships.map((r) => ({ value: r, label: t(`deaths.relationship.${r}`) }))}
            value={values.relationship || null}
            onChange={(v) => set('relationship')(v ?? '')}
            error={errors.relationship}
          />
          <Text size="xs" c="dimmed">
            {t('deaths.page.privacy')}
          </Text>
          <Button type="submit" loading={busy} fullWidth>
            {t('deaths.page.submit')}
          </Button>
        </Stack>
      </form>
      <Title order={2} size="h3">
        {t('deaths.page.mine_title')}
      </Title>
      {reports.length === 0 ? (
        <Text>{t('deaths.page.mine_none')}</Text>
      ) : (
        reports.map((r) => (
          <Paper key={r.id} withBorder p="sm" data-testid="my-death-report">
            <Stack gap={4}>
              <DeathStatusBadge status={r.status} />
              <Text size="sm">
                {t('deaths.page.col.deceased')}: {r.deceased_ic_number} · {t('deaths.page.col.date')}:{' '}
                {formatDate(r.date_of_death, i18n.language)}
              </Text>
              <Text size="sm">
                {t('deaths.page.col.certificate')}: {r.certificate_no}
              </Text>
              {r.refusal_reason && (
                <Text size="sm" c="red">
                  {r.refusal_reason}
                </Text>
              )}
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
