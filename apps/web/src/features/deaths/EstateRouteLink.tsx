/**
 * The link from a verified report of /kematian/senarai to the right office for its estate (/kematian/:id/pejabat;
 * issue 40 item 7, ADR 0271). Shown for verified reports only (the server answers 404 for any other).
 */
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The link for report `reportId` when `verified`; nothing otherwise. */
export function EstateRouteLink({ reportId, verified }: { reportId: string; verified: boolean }) {
  const { t } = useTranslation();
  if (!verified) return null;
  return (
    <Anchor component={Link} to={`/kematian/${reportId}/pejabat`} size="xs" ml="xs" data-testid="estate-route-link">
      {t('estate_route.open_link')}
    </Anchor>
  );
}
