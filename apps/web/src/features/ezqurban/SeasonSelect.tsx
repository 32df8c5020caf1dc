/** A season picker for the ezQurban screens: "cow 2026 — Kampong Cham, Kemboja (RM 650.00 / share)". */
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRinggit } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { fetchSeasons, type Season } from './api.ts';

export const useSeasons = () =>
  useQuery({ queryKey: ['qurban-seasons'], queryFn: async () => (await fetchSeasons()).seasons.data });

export const seasonLabel = (s: Season, t: (k: string) => string) =>
  `${t(`ezqurban.animals.${s.animal_type}`)} ${s.year} — ${s.location}, ${s.country} (${formatRinggit(s.price_per_share_sen)} / ${t('ezqurban.share')})`;

export function SeasonSelect(props: {
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string;
  required?: boolean;
  clearable?: boolean;
  openOnly?: boolean;
}) {
  const { t } = useTranslation();
  const seasons = useSeasons();
  return (
    <Select
      label={t('ezqurban.season')}
      data={(seasons.data ?? [])
        .filter((s) => !props.openOnly || s.status === 1)
        .map((s) => ({ value: s.id, label: seasonLabel(s, t) }))}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      required={props.required}
      clearable={props.clearable}
      maw={520}
    />
  );
}
