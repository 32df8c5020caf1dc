/**
 * Part F's two declarations, written once for the wizard's part F and the testator's signing link (ADR 0298): the
 * PDPA consent (with the notice's link) and the testator's confirmation (the conventional text for a conventional
 * will). Controlled: the page keeps both ticks and shows the server's message keys (`errors.pdpa`,
 * `errors.confirmation`) at the boxes.
 */
import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PdpaLink } from '@/components/PdpaLink.tsx';

/** Props of {@link Declarations}: the two ticks, their setters, the message keys at them, and the will's kind. */
export interface DeclarationsProps {
  pdpa: boolean;
  onPdpa: (v: boolean) => void;
  confirmation: boolean;
  onConfirmation: (v: boolean) => void;
  errors: { pdpa?: string; confirmation?: string };
  /** A conventional (non-Islamic) will's confirmation text. */
  conventional?: boolean;
  disabled?: boolean;
}

/**
 * Part F's refusal placed at its fields: the server's 422 `errors` on `acknowledged_pdpa`, `acknowledged_confirmation`
 * and the signature (`document` or `signature`) as message keys; `placed` is false when none of them is named, and the
 * page then shows the refusal's first message as the form's.
 */
export function partFErrors(f: Record<string, string[] | undefined>) {
  const errors = {
    pdpa: f.acknowledged_pdpa?.[0],
    confirmation: f.acknowledged_confirmation?.[0],
    signature: f.document?.[0] ?? f.signature?.[0],
  };
  return { errors, placed: Object.values(errors).some(Boolean) };
}

/** The PDPA and confirmation boxes of part F. */
export function Declarations({
  pdpa,
  onPdpa,
  confirmation,
  onConfirmation,
  errors,
  conventional,
  disabled,
}: DeclarationsProps) {
  const { t } = useTranslation();
  const tr = (k?: string) => (k ? t(k) : undefined);
  return (
    <>
      <Paper withBorder p="md">
        <Stack>
          <Title order={3}>{t('wills.f_part.pdpa_title')}</Title>
          <Text size="sm">{t('wills.f_part.pdpa_text')}</Text>
          <Checkbox
            label={t('wills.f_part.pdpa_agree')}
            description={<PdpaLink />}
            checked={pdpa}
            onChange={(e) => onPdpa(e.currentTarget.checked)}
            error={tr(errors.pdpa)}
            disabled={disabled}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack>
          <Title order={3}>{t('wills.f_part.confirmation_title')}</Title>
          <Text size="sm">
            {t(conventional ? 'wills.f_part.confirmation_text_conventional' : 'wills.f_part.confirmation_text')}
          </Text>
          <Checkbox
            label={t('wills.f_part.confirmation_agree')}
            checked={confirmation}
            onChange={(e) => onConfirmation(e.currentTarget.checked)}
            error={tr(errors.confirmation)}
            disabled={disabled}
          />
        </Stack>
      </Paper>
    </>
  );
}
