/** A loading spinner announced to screen readers ("Sedang memuatkan"): a named status region (axe-clean). */
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The spinner; see the file comment. */
export function Busy() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      <Loader size="sm" />
    </div>
  );
}
