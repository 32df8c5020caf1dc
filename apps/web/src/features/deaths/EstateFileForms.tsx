/**
 * The estate file's forms (issue 40 item 4; ADR 0274): the heirs asked again (`POST /api/death-report/{id}/estate-
 * file/heirs { kind: died|added, … }`, a correction withdrawn by `DELETE /api/estate-heir-change/{id}`) and the
 * claims entered after the death (`PUT …/estate-file/claims { funeral_sen, other_debts_sen }`, ringgit typed, sent in
 * sen). Each answers `{ message, file }`, handed to `onSaved`; a 422 shows its field's message under the field.
 */
import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { ADDED_HEIR_RELATIONSHIPS, parseRinggit } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import type { EstateFile } from './estate-file-types.ts';

type Errors = Record<string, string>;
const inline = (e: unknown, set: (x: Errors) => void) => {
  if (!(e instanceof ApiError)) return;
  set(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0] ?? ''])));
  e.shownInline = true;
};

/** Mark a will heir as died, or add an heir born or married since the will. */
export function HeirChangeForm({ file, onSaved }: { file: EstateFile; onSaved: (f: EstateFile) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'died' | 'added'>('died');
  const [heirId, setHeirId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [relationship, setRelationship] = useState<string | null>(null);
  const [ic, setIc] = useState('');
  const [email, setEmail] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const living = file.heirs.filter((h) => h.origin === 'will' && h.status === 'living');
  async function save() {
    setErrors({});
    const body =
      kind === 'died'
        ? { kind, heir_id: heirId ?? undefined, event_date: date }
        : {
            kind,
            name,
            relationship: relationship ?? undefined,
            ic_number: ic,
            email: email || undefined,
            event_date: date,
          };
    try {
      const out = await api.post<{ message: string; file: EstateFile }>(
        `death-report/${file.death_report_id}/estate-file/heirs`,
        body,
      );
      successToast(out.message);
      onSaved(out.file);
      setName('');
      setIc('');
      setEmail('');
      setDate('');
    } catch (e) {
      inline(e, setErrors);
    }
  }
  return (
    <Stack gap="xs" maw={520} data-testid="estate-heir-form">
      <Title order={3} size="h5">
        {t('estate_file.heir_form.title')}
      </Title>
      <Select
        label={t('estate_file.heir_form.kind')}
        data={[
          { value: 'died', label: t('estate_file.heir_form.died') },
          { value: 'added', label: t('estate_file.heir_form.added') },
        ]}
        value={kind}
        onChange={(v) => setKind(v === 'added' ? 'added' : 'died')}
        allowDeselect={false}
      />
      {kind === 'died' ? (
        <Select
          label={t('estate_file.heir_form.heir')}
          data={living.map((h) => ({ value: h.id, label: h.name }))}
          value={heirId}
          onChange={setHeirId}
          error={errors.heir_id}
        />
      ) : (
        <>
          <TextInput
            label={t('estate_file.heir_form.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Select
            label={t('estate_file.heir_form.relationship')}
            data={ADDED_HEIR_RELATIONSHIPS.map((r) => ({
              value: r,
              label: t(`estate_file.relationship.${r}`),
            }))}
            value={relationship}
            onChange={setRelationship}
            error={errors.relationship}
          />
          <TextInput
            label={t('estate_file.heir_form.ic')}
            value={ic}
            onChange={(e) => setIc(e.currentTarget.value)}
            error={errors.ic_number}
            inputMode="numeric"
            maxLength={12}
          />
          <TextInput
            label={t('estate_file.heir_form.email')}
            description={t('estate_file.heir_form.email_help')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
        </>
      )}
      <TextInput
        label={t(kind === 'died' ? 'estate_file.heir_form.date_died' : 'estate_file.heir_form.date_added')}
        placeholder="YYYY-MM-DD"
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
        error={errors.event_date}
      />
      <Group>
        <Button onClick={() => void save()}>{t('estate_file.heir_form.save')}</Button>
      </Group>
    </Stack>
  );
}

/** Withdraw one correction of the heirs. */
export async function withdrawChange(changeId: string): Promise<EstateFile> {
  const out = await api.delete<{ message: string; file: EstateFile }>(`estate-heir-change/${changeId}`);
  successToast(out.message);
  return out.file;
}

/** The funeral costs and the debts not on the asset map (ringgit typed, sent in sen). */
export function ClaimsForm({ file, onSaved }: { file: EstateFile; onSaved: (f: EstateFile) => void }) {
  const { t } = useTranslation();
  const ringgit = (sen: number) => (sen / 100).toFixed(2);
  const [funeral, setFuneral] = useState(ringgit(file.claims.funeral_sen));
  const [debts, setDebts] = useState(ringgit(file.claims.other_debts_sen));
  const [errors, setErrors] = useState<Errors>({});
  async function save() {
    const funeral_sen = parseRinggit(funeral);
    const other_debts_sen = parseRinggit(debts);
    const bad: Errors = {};
    if (funeral_sen == null || funeral_sen < 0) bad.funeral_sen = t('estate_file.value_invalid');
    if (other_debts_sen == null || other_debts_sen < 0) bad.other_debts_sen = t('estate_file.value_invalid');
    setErrors(bad);
    if (Object.keys(bad).length) return;
    try {
      const out = await api.put<{ message: string; file: EstateFile }>(
        `death-report/${file.death_report_id}/estate-file/claims`,
        { funeral_sen, other_debts_sen },
      );
      successToast(out.message);
      onSaved(out.file);
    } catch (e) {
      inline(e, setErrors);
    }
  }
  return (
    <Stack gap="xs" maw={520} data-testid="estate-claims-form">
      <Title order={3} size="h5">
        {t('estate_file.claims_form.title')}
      </Title>
      <TextInput
        label={t('estate_file.claims_form.funeral')}
        value={funeral}
        onChange={(e) => setFuneral(e.currentTarget.value)}
        error={errors.funeral_sen}
        inputMode="decimal"
      />
      <TextInput
        label={t('estate_file.claims_form.other_debts')}
        value={debts}
        onChange={(e) => setDebts(e.currentTarget.value)}
        error={errors.other_debts_sen}
        inputMode="decimal"
      />
      <Group>
        <Button onClick={() => void save()}>{t('estate_file.claims_form.save')}</Button>
      </Group>
    </Stack>
  );
}
