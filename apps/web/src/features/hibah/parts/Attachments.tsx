/**
 * Attachments of one property (reference §2.6: a title deed, a statement): PDF or image up to 5 MB,
 * checked again by the server by content — `GET|POST /api/hibah/{id}/property/{pid}/document`.
 */
import { Button, FileButton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';
import { dataUrlOf as toBase64 } from '@/lib/files.ts';

/** The list of a property's files and an upload button. */
export function Attachments({
  hibahId,
  propertyId,
  editable,
}: {
  hibahId: string;
  propertyId: string;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = ['hibah', hibahId, 'docs', propertyId];
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<any[]>(`hibah/${hibahId}/property/${propertyId}/document`),
  });
  return (
    <Stack gap={2}>
      {(q.data ?? []).map((d) => (
        <Text key={d.id} size="xs">
          {d.description ?? d.original_filename ?? d.mime_type}
        </Text>
      ))}
      {editable ? (
        <FileButton
          accept="application/pdf,image/png,image/jpeg,image/webp"
          onChange={async (f) => {
            if (!f) return;
            await api.post(`hibah/${hibahId}/property/${propertyId}/document`, {
              document: await toBase64(f),
              description: f.name,
              filename: f.name,
            });
            await qc.invalidateQueries({ queryKey: key });
          }}
        >
          {(props) => (
            <Button size="xs" variant="subtle" {...props}>
              {t('hibah.f.attach')}
            </Button>
          )}
        </FileButton>
      ) : null}
    </Stack>
  );
}
