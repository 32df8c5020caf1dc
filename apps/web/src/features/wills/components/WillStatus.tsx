/**
 * A will's status in words (spec §4 "Basic will status": null not applied, 0 in registration, 1 awaiting
 * confirmation by the provider, 2 registered, 3 cancelled, update needed). Colour only repeats the text.
 */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { '0': 'gray.7', '1': 'blue.9', '2': 'teal.9', '3': 'red.9' };

/** The i18n key of a will status label. */
export const willStatusLabelKey = (s: number | null | undefined) =>
  s === null || s === undefined || !(String(s) in COLORS) ? 'wills.status.none' : `wills.status.${s}`;

/** A badge with the status label. */
export function WillStatusBadge({ status }: { status: number | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[String(status)] ?? 'gray.7'} variant="filled" data-testid="will-status">
      {t(willStatusLabelKey(status))}
    </Badge>
  );
}
