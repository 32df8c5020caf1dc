/**
 * "Is this the registered document?" (issue 11 "The public verification page … also accepts an uploaded
 * PDF and says whether it is the registered one (hash match) — a one-byte change is detected"). The
 * visitor picks a PDF; it is sent to `POST /api/{path}` (multipart field `file`), e.g.
 * `public/wasiat/{id}/verify` — a hibah page passes its own path. The answer
 * `{ verification: { registered, sha256, kind, issued_at } }` is shown in words with the file's SHA-256.
 * Nothing is stored. A 422 (no file, not a PDF, too large) shows its first message under the input.
 */
import { Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/features/wills/index.ts';
import { ApiError, publicApi } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';

/** The reply's `verification` (docs/api/documents.md). */
export interface DocumentVerification {
  registered: boolean;
  sha256: string;
  kind: string | null;
  issued_at: string | null;
}

/**
 * The upload check; `path` is the API path of the check, without `/api/`; `subject` names the record in
 * the texts ("wasiat ini" / "this will"; "hibah" for the hibah twin).
 */
export function DocumentCheck({ path, subject = 'will' }: { path: string; subject?: 'will' | 'hibah' }) {
  const { t, i18n } = useTranslation();
  const subjectText = t(`sealed.check.subject.${subject}`);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<DocumentVerification | null>(null);

  async function check() {
    setError(null);
    setResult(null);
    if (!file) {
      setError(t('sealed.check.choose'));
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      const r = await publicApi.post<{ verification: DocumentVerification }>(path, form, { silent: true });
      setResult(r.verification);
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="document-check-title">
      <Stack gap="sm">
        <Title order={2} id="document-check-title">
          {t('sealed.check.title')}
        </Title>
        <Text size="sm">{t('sealed.check.intro', { subject: subjectText })}</Text>
        <Group align="flex-end">
          <FileInput
            label={t('sealed.check.file')}
            accept="application/pdf,.pdf"
            value={file}
            onChange={(f) => {
              setFile(f);
              setResult(null);
              setError(null);
            }}
            error={error}
            clearable
            clearButtonProps={{ 'aria-label': t('sealed.check.clear') }}
            style={{ flex: 1, minWidth: 240 }}
            data-testid="document-check-file"
          />
          <Button onClick={check} loading={busy} data-testid="document-check-submit">
            {t('sealed.check.submit')}
          </Button>
        </Group>
        {result && (
          <Notice
            color={result.registered ? 'green' : 'red'}
            title={result.registered ? t('sealed.check.registered_title') : t('sealed.check.not_registered_title')}
            data-testid="document-check-result"
            data-registered={result.registered ? 'true' : 'false'}
          >
            <Stack gap={4}>
              <Text size="sm">
                {result.registered
                  ? t('sealed.check.registered_text', {
                      kind: t(`sealed.check.kind.${result.kind}`, { defaultValue: result.kind ?? '' }),
                      at: formatDateTime(result.issued_at, i18n.language),
                    })
                  : t('sealed.check.not_registered_text', { subject: subjectText })}
              </Text>
              <Text size="xs" style={{ wordBreak: 'break-all' }}>
                SHA-256: {result.sha256}
              </Text>
            </Stack>
          </Notice>
        )}
      </Stack>
    </Paper>
  );
}
