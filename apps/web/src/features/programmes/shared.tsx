/**
 * Pieces shared by the partner-programme screens (TEKUN and ezQurban; issue 10): the page envelope
 * type, a file download through the private client (blob + temporary link), and a year picker for the
 * monthly reports (calendar years, Asia/Kuala_Lumpur).
 */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';

export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** Download `path` (under /api) and save it as `filename`. */
export async function downloadFile(path: string, filename: string) {
  const blob = await api.downloadPdf(path);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Open a downloaded PDF in a new tab (blob URL, never a bare id in a URL). */
export async function openPdf(path: string) {
  const blob = await api.downloadPdf(path);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The current year in Kuala Lumpur. */
export const klYear = () => new Date(Date.now() + 8 * 3600_000).getUTCFullYear();

/** A year picker (this year and the five before). */
export function YearSelect({ value, onChange }: { value: number; onChange: (y: number) => void }) {
  const { t } = useTranslation();
  const now = klYear();
  return (
    <Select
      label={t('programmes.year')}
      data={Array.from({ length: 6 }, (_, i) => String(now - i))}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      maw={160}
    />
  );
}
