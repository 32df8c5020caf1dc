/**
 * Part D's question on children who died before the testator (issue 41 item 6; ADR 0270): "Did any of your
 * children die before you?"; for each such child their name, sex, date of death and their own children (name,
 * sex). Saving sends the whole list (`PUT /api/wasiat/{id}/predeceased-children`, useWajibah.ts); a 422 shows at
 * its field (`children.0.died_on` → that child's date). Under it, the wasiat wajibah worked out for the
 * grandchildren under the governing state's law (WajibahSummary.tsx).
 */
import { Button, Fieldset, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError } from '@/lib/api.ts';
import { type PredeceasedRow, type Sex, useWajibah } from '../../hooks/useWajibah.ts';
import { WajibahSummary } from './WajibahSummary.tsx';

const emptyChild = (): PredeceasedRow => ({ name: '', sex: 'male', died_on: '', children: [] });

/** The question and its list for will `wasiatId`; read-only when not `editable`. */
export function PredeceasedChildren({ wasiatId, editable }: { wasiatId: string | null; editable: boolean }) {
  const { t } = useTranslation();
  const { data, save } = useWajibah(wasiatId);
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null);
  const [rows, setRows] = useState<PredeceasedRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  // The list recorded, once loaded.
  useEffect(() => {
    if (!data) return;
    setRows(data.predeceased_children.map(({ name, sex, died_on, children }) => ({ name, sex, died_on, children })));
    setAnswer((a) => a ?? (data.predeceased_children.length ? 'yes' : null));
  }, [data]);

  const change = (i: number, patch: Partial<PredeceasedRow>) =>
    setRows((rs) => rs.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const changeGrandchild = (i: number, j: number, patch: Partial<PredeceasedRow['children'][number]>) =>
    change(i, { children: rows[i].children.map((g, k) => (k === j ? { ...g, ...patch } : g)) });
  const sexes = [
    { value: 'male', label: t('wajibah_ui.male') },
    { value: 'female', label: t('wajibah_ui.female') },
  ];

  const submit = async () => {
    setErrors({});
    setFormError(null);
    setSaved(false);
    try {
      await save(answer === 'yes' ? rows : []);
      if (answer === 'no') setRows([]);
      setSaved(true);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      e.shownInline = true;
      const fields = Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]]));
      setErrors(fields);
      if (!Object.keys(fields).length) setFormError(e.firstMessage);
    }
  };

  return (
    <Fieldset legend={t('wajibah_ui.legend')} data-testid="predeceased-children">
      <Stack gap="sm">
        <Radio.Group
          label={t('wajibah_ui.question')}
          description={t('wajibah_ui.help')}
          value={answer}
          onChange={(v) => {
            setAnswer(v as 'yes' | 'no');
            if (v === 'yes' && !rows.length) setRows([emptyChild()]);
          }}
        >
          <Group mt={4}>
            <Radio value="yes" label={t('wajibah_ui.yes')} disabled={!editable} />
            <Radio value="no" label={t('wajibah_ui.no')} disabled={!editable} />
          </Group>
        </Radio.Group>
        {answer === 'yes' &&
          rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id yet
            <Stack key={i} gap={6} data-testid={`predeceased-${i}`}>
              <Group grow align="flex-start">
                <TextInput
                  label={t('wajibah_ui.child_name')}
                  value={r.name}
                  onChange={(e) => change(i, { name: e.currentTarget.value })}
                  error={errors[`children.${i}.name`]}
                  disabled={!editable}
                />
                <NativeSelect
                  label={t('wajibah_ui.sex')}
                  data={sexes}
                  value={r.sex}
                  onChange={(e) => change(i, { sex: e.currentTarget.value as Sex })}
                  error={errors[`children.${i}.sex`]}
                  disabled={!editable}
                />
                <TextInput
                  type="date"
                  label={t('wajibah_ui.died_on')}
                  value={r.died_on}
                  onChange={(e) => change(i, { died_on: e.currentTarget.value })}
                  error={errors[`children.${i}.died_on`]}
                  disabled={!editable}
                />
              </Group>
              <Text size="sm" fw={500}>
                {t('wajibah_ui.grandchildren', { name: r.name || t('wajibah_ui.this_child') })}
              </Text>
              {r.children.map((g, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: grandchildren have no id
                <Group key={j} grow align="flex-end" data-testid={`grandchild-${i}-${j}`}>
                  <TextInput
                    label={t('wajibah_ui.grandchild_name')}
                    value={g.name}
                    onChange={(e) => changeGrandchild(i, j, { name: e.currentTarget.value })}
                    error={errors[`children.${i}.children.${j}.name`]}
                    disabled={!editable}
                  />
                  <NativeSelect
                    label={t('wajibah_ui.sex')}
                    data={sexes}
                    value={g.sex}
                    onChange={(e) => changeGrandchild(i, j, { sex: e.currentTarget.value as Sex })}
                    disabled={!editable}
                  />
                  {editable && (
                    <Button
                      variant="subtle"
                      color="red"
                      onClick={() => change(i, { children: r.children.filter((_, k) => k !== j) })}
                    >
                      {t('wajibah_ui.remove')}
                    </Button>
                  )}
                </Group>
              ))}
              {editable && (
                <Group>
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => change(i, { children: [...r.children, { name: '', sex: 'male' }] })}
                  >
                    {t('wajibah_ui.add_grandchild')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => setRows((rs) => rs.filter((_, k) => k !== i))}
                  >
                    {t('wajibah_ui.remove_child')}
                  </Button>
                </Group>
              )}
            </Stack>
          ))}
        {editable && answer === 'yes' && (
          <Group>
            <Button variant="light" size="xs" onClick={() => setRows((rs) => [...rs, emptyChild()])}>
              {t('wajibah_ui.add_child')}
            </Button>
          </Group>
        )}
        <FormError message={formError} />
        {editable && answer && (
          <Group>
            <Button onClick={submit}>{t('wajibah_ui.save')}</Button>
            {saved && (
              <Text size="sm" c="green">
                {t('wajibah_ui.saved')}
              </Text>
            )}
          </Group>
        )}
        <WajibahSummary body={data} />
      </Stack>
    </Fieldset>
  );
}
