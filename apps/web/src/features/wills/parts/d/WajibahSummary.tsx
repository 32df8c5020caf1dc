/**
 * The wasiat wajibah worked out for a will (issue 41 item 6; ADR 0270): the governing state's rule as recorded
 * (domain `wajibahProvisionFor`, `enactmentFor`), each predeceased child's line with its status and each
 * grandchild's amount on the estimated net estate (sen → RM), and whether the lines were cut to one third. Shown
 * under part D's question and in part E's estate figures.
 */
import { List, Stack, Text } from '@mantine/core';
import { enactmentFor, formatRinggit, wajibahProvisionFor } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { useWajibah, type WajibahBody } from '../../hooks/useWajibah.ts';

/** The summary of `body`; nothing when no predeceased child is recorded. */
export function WajibahSummary({ body }: { body: WajibahBody | null }) {
  const { t, i18n } = useTranslation();
  if (!body?.predeceased_children?.length) return null;
  const p = wajibahProvisionFor(body.state);
  const e = enactmentFor(body.state);
  const title = e ? (i18n.language === 'en' ? e.title_en : e.title_ms) : '';
  const r = body.wasiat_wajibah;
  return (
    <Stack gap={4} data-testid="wajibah-summary">
      <Text fw={600}>{t('wajibah_ui.summary.title')}</Text>
      <Text size="sm">
        {p && e
          ? t('wajibah_ui.summary.law', {
              title,
              section: p.section ? t('wajibah_ui.summary.section', { section: p.section }) : '',
            })
          : body.state
            ? t('wajibah_ui.summary.no_law', { state: body.state })
            : t('wajibah_ui.summary.no_state')}
      </Text>
      {p && !r && <Text size="sm">{t('wajibah_ui.summary.no_estate')}</Text>}
      {r && (
        <List size="sm">
          {r.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and keep their order
            <List.Item key={i}>
              {l.name ?? '—'}: {t(`wajibah.status.${l.status}`)}
              {l.status === 'entitled' && (
                <List size="sm" withPadding>
                  {l.grandchildren.map((g, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: grandchildren have no id
                    <List.Item key={j}>
                      {t('wajibah_ui.summary.due', { name: g.name ?? '—', amount: formatRinggit(g.due_sen) })}
                      {g.given_sen > 0 && ` ${t('wajibah_ui.summary.given', { amount: formatRinggit(g.given_sen) })}`}
                    </List.Item>
                  ))}
                </List>
              )}
            </List.Item>
          ))}
        </List>
      )}
      {r?.capped && <Text size="sm">{t('wajibah_ui.summary.capped')}</Text>}
      {r && r.total_due_sen > 0 && (
        <Text size="sm" data-testid="wajibah-faraid-rest">
          {t('wajibah_ui.summary.faraid_rest', { amount: formatRinggit(r.faraid_estate_sen) })}
        </Text>
      )}
    </Stack>
  );
}

/** The summary of will `wasiatId` as read (part E's estate figures). */
export function WajibahOfWill({ wasiatId }: { wasiatId: string | null }) {
  const { data } = useWajibah(wasiatId);
  return <WajibahSummary body={data} />;
}
