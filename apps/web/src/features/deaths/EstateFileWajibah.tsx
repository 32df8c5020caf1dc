/**
 * The wasiat wajibah line of the estate file (issue 40 item 4 with issue 41 item 6; ADRs 0270, 0282): shown when the
 * will records a predeceased child. `distribution.wajibah` from `GET /api/death-report/{id}/estate-file`: the
 * governing state's provision with the law cited (`source`), the one-third cap, and per predeceased child their
 * status and each grandchild named with what the will gives them and what the wasiat wajibah adds (sen, shown as
 * RM). It is taken before faraid, by law, without the heirs' consent.
 */
import { Stack, Table, Text, Title } from '@mantine/core';
import { formatRinggit } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import type { EstateFile } from './estate-file-types.ts';

/** The wasiat wajibah section (nothing when the will records no predeceased child). */
export function EstateFileWajibah({ file }: { file: EstateFile }) {
  const { t } = useTranslation();
  const w = file.distribution.wajibah;
  if (!w) return null;
  return (
    <Stack gap="xs" data-testid="estate-wajibah">
      <Title order={3} size="h5">
        {t('estate_file.wajibah.title')}
      </Title>
      <Text size="sm">
        {w.provision
          ? t('estate_file.wajibah.rule', { total: formatRinggit(w.total_sen), cap: formatRinggit(w.cap_sen) })
          : t('estate_file.wajibah.none', { state: w.state ?? '—' })}
        {w.capped && ` ${t('estate_file.wajibah.capped')}`}
      </Text>
      <ListTable minWidth={560}>
        <Table.Caption>{t('estate_file.wajibah.title')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('estate_file.wajibah.col.grandchild')}</Table.Th>
            <Table.Th scope="col">{t('estate_file.wajibah.col.entitled')}</Table.Th>
            <Table.Th scope="col">{t('estate_file.wajibah.col.given')}</Table.Th>
            <Table.Th scope="col">{t('estate_file.wajibah.col.due')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {w.lines.flatMap((l, i) =>
            l.grandchildren.map((g, j) => (
              <Table.Tr key={`${l.name}|${g.name}|${l.share}|${g.due_sen}`} data-testid={`estate-wajibah-${i}-${j}`}>
                <Table.Td>
                  <Text size="sm">{g.name}</Text>
                  <Text size="xs" c="dimmed">
                    {t('estate_file.wajibah.child_of', { name: l.name, share: l.share })} ·{' '}
                    {t(`estate_file.wajibah.status.${l.status}`)}
                  </Text>
                </Table.Td>
                <Table.Td>{formatRinggit(g.entitled_sen)}</Table.Td>
                <Table.Td>{formatRinggit(g.given_sen)}</Table.Td>
                <Table.Td fw={600}>{formatRinggit(g.due_sen)}</Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </ListTable>
      <Text size="xs" c="dimmed">
        {w.source}
      </Text>
    </Stack>
  );
}
