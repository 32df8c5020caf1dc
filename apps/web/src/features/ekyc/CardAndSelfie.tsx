/**
 * The two images of a face check, side by side (one column on a phone): the MyKad front as a file and a selfie from
 * the camera or a file (SelfieCapture). The parent holds both as data URLs and sends them as `mykad_image` and
 * `selfie_image`; a server error for either is shown under it. Used by every face check of a person: the public
 * eKYC link, a user's own eKYC and the release after a death (ADR 0295).
 */
import { Image, Input, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dataUrlOf, SelfieCapture } from './SelfieCapture.tsx';

/** See the file comment. `errors` are translated messages keyed by the request's field. */
export function CardAndSelfie(props: {
  card: string | null;
  onCard: (s: string | null) => void;
  selfie: string | null;
  onSelfie: (s: string | null) => void;
  onReading?: (reading: boolean) => void;
  disabled?: boolean;
  errors?: { mykad_image?: string; selfie_image?: string };
}) {
  const { t } = useTranslation();
  const cardId = useId();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('ekyc.public.card_title')}
          </Title>
          <Input.Wrapper label={t('ekyc.public.card_label')} id={cardId} required error={props.errors?.mykad_image}>
            <input
              id={cardId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              data-testid="mykad-file"
              disabled={props.disabled}
              onChange={async (e) => {
                const f = e.currentTarget.files?.[0];
                props.onReading?.(true);
                try {
                  props.onCard(f ? await dataUrlOf(f) : null);
                } finally {
                  props.onReading?.(false);
                }
              }}
            />
          </Input.Wrapper>
          {props.card && <Image src={props.card} alt={t('ekyc.public.card_label')} h={160} fit="contain" />}
        </Stack>
      </Paper>
      <Stack gap={4}>
        <SelfieCapture
          selfie={props.selfie}
          onSelfie={props.onSelfie}
          disabled={props.disabled}
          onReading={props.onReading}
        />
        {props.errors?.selfie_image && (
          <Text c="red" size="sm" role="alert">
            {props.errors.selfie_image}
          </Text>
        )}
      </Stack>
    </SimpleGrid>
  );
}
