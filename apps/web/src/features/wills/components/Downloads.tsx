/**
 * PDF downloads of a registered will (docs/api/documents.md): the will (GET /api/wasiat/{id}/certificate/final,
 * status 2) and the receipt (GET /api/wasiat/{id}/receipt) fetched with the bearer token via
 * api.downloadPdf, then saved as a file and offered as an "open" link; and the public verification link.
 */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '@/lib/api.ts';
import { saveBlob } from '../../../lib/attachments.ts';
import type { Will } from '../types.ts';

/**
 * One download button; after a download, a link opens the same file in a new tab. `ariaLabel` names the button for
 * screen readers when several buttons of one `label` share a table (the dashboard's receipts).
 */
export function PdfDownload({
  path,
  filename,
  label,
  ariaLabel,
}: {
  path: string;
  filename: string;
  label: string;
  ariaLabel?: string;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Group gap="xs">
      <Button
        loading={busy}
        aria-label={ariaLabel}
        onClick={async () => {
          setBusy(true);
          try {
            const blob = await api.downloadPdf(path);
            setUrl(saveBlob(blob, filename));
          } catch {
            /* the client already showed the error */
          } finally {
            setBusy(false);
          }
        }}
      >
        {label}
      </Button>
      {url && (
        <Anchor href={url} target="_blank" rel="noopener" data-testid={`open-${filename}`}>
          {t('wills.details.open_pdf', { name: filename })}
        </Anchor>
      )}
    </Group>
  );
}

/** The will PDF, receipt and public link of a will in status 2; the receipt alone when paid but not yet registered. */
export function WillDownloads({ will, receiptOnly = false }: { will: Will; receiptOnly?: boolean }) {
  const { t } = useTranslation();
  const paid = will.payment_status === 'paid' || will.payment_status === 'waived';
  const stem = will.wasiat_no ?? will.id;
  return (
    <Stack gap="xs">
      {!receiptOnly && will.status === 2 && (
        <PdfDownload
          path={`wasiat/${will.id}/certificate/final`}
          filename={`wasiat-${stem}.pdf`}
          label={t('wills.details.download_will')}
        />
      )}
      {(paid || will.status === 2) && (
        <PdfDownload
          path={`wasiat/${will.id}/receipt`}
          filename={`resit-${stem}.pdf`}
          label={t('wills.details.download_receipt')}
        />
      )}
      {!paid && will.status !== 2 && <Text c="dimmed">{t('wills.details.no_receipt')}</Text>}
      {will.status === 2 && !receiptOnly && (
        <Anchor component={Link} to={`/public/wasiat/${will.id}`} target="_blank">
          {t('wills.details.public_link')}
        </Anchor>
      )}
    </Stack>
  );
}
