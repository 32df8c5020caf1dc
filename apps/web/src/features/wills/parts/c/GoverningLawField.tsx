/**
 * Part C's choice of the state whose law governs the will (issue 41 item 8; ADR 0260): shown with the state's
 * wasiat enactment where one is recorded (domain `enactmentFor`), or that none is recorded. The state shown
 * defaults to the testator's address (permanent, else correspondence) until they choose another; saving part C
 * confirms it (`PUT /api/wasiat/{id}/governing-law { state }`, PartC.tsx).
 */
import { Fieldset, Select, Stack, Text } from '@mantine/core';
import { enactmentFor, STATES } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';

/** The field: `value` is the state shown (null: none known yet), `onChange` records the testator's choice. */
export function GoverningLawField({
  value,
  confirmed,
  onChange,
  disabled,
}: {
  value: string | null;
  confirmed: boolean;
  onChange: (state: string) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const e = enactmentFor(value);
  return (
    <Fieldset legend={t('law_ui.legend')} data-testid="governing-law">
      <Stack gap="xs">
        <Select
          label={t('law_ui.state')}
          description={t('law_ui.help')}
          data={STATES.map((s) => ({ value: s, label: s }))}
          value={value}
          onChange={(v) => v && onChange(v)}
          allowDeselect={false}
          searchable
          disabled={disabled}
        />
        {value && (
          <Text size="sm" data-testid="governing-law-enactment">
            {e ? t('law_ui.enactment', { title: i18n.language === 'en' ? e.title_en : e.title_ms }) : t('law_ui.none')}
          </Text>
        )}
        {confirmed && (
          <Text size="xs" c="dimmed">
            {t('law_ui.confirmed')}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
