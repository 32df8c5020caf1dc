/** Language switch in the header (spec §1: ms default, en selectable, remembered in local storage). */
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n.ts';

export function LanguageSwitcher() {
  const { i18n, t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('common.language')}
      value={i18n.language === 'en' ? 'en' : 'ms'}
      onChange={(v) => void setLanguage(v === 'en' ? 'en' : 'ms')}
      data={[
        { value: 'ms', label: 'BM' },
        { value: 'en', label: 'EN' },
      ]}
    />
  );
}
