/**
 * One side of the MyKad: a file input (JPEG, PNG or WebP; the server checks content and size, issue 3) with
 * a preview of the chosen file or of the saved image. Used by the will's part D (wills/parts/PartDocument)
 * and by the MyKad images of a hibah or amendment (MykadImages).
 */
import { Image, Input, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttachmentUrl } from '@/lib/attachments.ts';

export type MykadSideName = 'mykad-front' | 'mykad-back';
export const MYKAD_SIDES: MykadSideName[] = ['mykad-front', 'mykad-back'];

/** A side's file input and preview; `onFile` gets the chosen file (null when cleared). */
export function MykadSide(props: {
  side: MykadSideName;
  file: File | null;
  /** The saved image of this side (an attachment id), shown while no new file is chosen. */
  existing: { id: string } | null;
  error?: string;
  disabled?: boolean;
  onFile: (f: File | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const saved = useAttachmentUrl(props.file ? null : props.existing?.id);
  useEffect(() => {
    if (!props.file) return setPreview(null);
    const url = URL.createObjectURL(props.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [props.file]);
  const label = t(`wills.doc.${props.side}`);
  const src = preview ?? saved.url;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Input.Wrapper label={label} required error={props.error} id={id} errorProps={{ id: `${id}-error` }}>
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? `${id}-error` : undefined}
            data-testid={`file-${props.side}`}
            disabled={props.disabled}
            onChange={(e) => props.onFile(e.currentTarget.files?.[0] ?? null)}
          />
        </Input.Wrapper>
        {src ? (
          <Image src={src} alt={t('wills.doc.preview_alt', { side: label })} h={160} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('wills.doc.none')}
          </Text>
        )}
        {props.existing && !props.file && <Text size="sm">{t('wills.doc.uploaded')}</Text>}
      </Stack>
    </Paper>
  );
}
