/** The global loading indicator (spec §4): visible while requests run, hidden 700 ms after. */
import { Loader } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loading } from '../../lib/loading.ts';

export function LoadingBar() {
  const visible = useSyncExternalStore(loading.subscribe, loading.visible);
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={t('common.loading')}
      data-testid="loading"
      style={{ position: 'fixed', top: 8, right: 8, zIndex: 1000 }}
    >
      <Loader size="sm" aria-hidden />
    </div>
  );
}
