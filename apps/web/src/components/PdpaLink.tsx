/**
 * The link to the personal data notice (/pdpa, PDPA 2010 s. 7) shown beside every PDPA consent box
 * (sign-up, will part F, hibah submission, will and hibah amendments; issue 17 item 2). Opens in a new tab so
 * the form being filled keeps what was typed.
 */
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A link to /pdpa labelled "Personal data notice (PDPA 2010)" in the user's language. */
export function PdpaLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/pdpa" target="_blank" rel="noopener" size="sm" data-testid="pdpa-link">
      {t('public.pdpa.link')}
    </Anchor>
  );
}
