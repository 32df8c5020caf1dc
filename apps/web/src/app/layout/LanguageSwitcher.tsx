/**
 * Language switch in the header (spec §1: ms default, en selectable, remembered in local storage).
 * Two toggle buttons in a labelled group (issue 22 item 7): each is read once, by its visible text, with
 * its pressed state and its language (`lang`), where the earlier segmented control's radio inputs and
 * their labels made screen readers say every option twice.
 */
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n.ts';

const OPTIONS = [
  { value: 'ms', label: 'BM' },
  { value: 'en', label: 'EN' },
] as const;

export function LanguageSwitcher() {
  const { i18n, t } = useTranslation();
  const current = i18n.language === 'en' ? 'en' : 'ms';
  return (
    <Group role="group" aria-label={t('common.language')} gap={2} wrap="nowrap">
      {OPTIONS.map((o) => (
        <Button
          key={o.value}
          size="compact-xs"
          variant={current === o.value ? 'filled' : 'default'}
          color="teal.9"
          lang={o.value}
          aria-pressed={current === o.value}
          onClick={() => void setLanguage(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </Group>
  );
}
