/**
 * A record's history for staff (issue 11 "Staff see a record's history on its page"): the audit events of
 * one record from `GET /api/audit?entity_type=&entity_id=` (Staff, Officer, Admin: `audit:read`), oldest
 * first — when (Asia/Kuala_Lumpur, "23 Nov 26, 14:05"), what (a translated action, else its code), who,
 * from which IP, and which fields changed. Renders nothing for a role without `audit:read`, so any record
 * page may include it. Reusable: `<RecordHistory entityType="Wasiat" entityId={id} />` (a hibah page
 * passes "Hibah").
 */
import { Badge, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { can, roleOf } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { api } from '@/app/api.ts';
import { session } from '@/app/storage.ts';
import { ListTable } from '@/components/ListTable.tsx';
import { formatMalaysianDateTime } from '@/features/wills/index.ts';

/** One event of `GET /api/audit` (apps/api/src/audit/service.ts). */
export interface AuditEvent {
  id: string;
  seq: number;
  action: string;
  actor: { id: string; name: string | null } | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  /** ISO 8601 UTC. */
  at: string;
  hash: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The top-level fields an event changed: keys of `after` whose value differs from `before` (all keys of
 * `after` for a creation, of `before` for a deletion); bookkeeping timestamps left out.
 */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const keys = new Set([...Object.keys(a), ...(isObject(after) ? [] : Object.keys(b))]);
  return [...keys].filter(
    (k) => k !== 'updated_at' && k !== 'created_at' && JSON.stringify(a[k]) !== JSON.stringify(b[k]),
  );
}

/** The audit history of one record; see the file comment. */
export function RecordHistory({ entityType, entityId }: { entityType: string; entityId: string }) {
  const { t, i18n } = useTranslation();
  const allowed = can(roleOf(session.user()), 'audit:read');
  const q = useQuery({
    queryKey: ['audit', entityType, entityId],
    enabled: allowed && !!entityId,
    queryFn: async () =>
      (await api.get<{ data: AuditEvent[] }>('audit', { entity_type: entityType, entity_id: entityId })).data,
  });
  if (!allowed) return null;
  const events = q.data ?? [];
  const actionLabel = (action: string) => t(`audit.action.${action.replace(/\./g, '_')}`, { defaultValue: action });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="record-history-title" data-testid="record-history">
      <Stack gap="xs">
        <Title order={2} id="record-history-title">
          {t('audit.history.title')}
        </Title>
        {q.isLoading ? (
          <Text size="sm">{t('audit.history.loading')}</Text>
        ) : events.length === 0 ? (
          <Text size="sm">{t('audit.history.empty')}</Text>
        ) : (
          <ScrollArea>
            <ListTable>
              <Table.Caption>{t('audit.history.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('audit.history.at')}</Table.Th>
                  <Table.Th scope="col">{t('audit.history.action')}</Table.Th>
                  <Table.Th scope="col">{t('audit.history.actor')}</Table.Th>
                  <Table.Th scope="col">{t('audit.history.ip')}</Table.Th>
                  <Table.Th scope="col">{t('audit.history.changes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((e) => {
                  const fields = changedFields(e.before, e.after);
                  return (
                    <Table.Tr key={e.id} data-action={e.action}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatMalaysianDateTime(e.at, i18n.language)}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color="gray" tt="none" c="var(--mantine-color-text)">
                          {actionLabel(e.action)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{e.actor?.name ?? t('audit.history.system')}</Table.Td>
                      <Table.Td>{e.ip ?? '—'}</Table.Td>
                      <Table.Td>
                        <Text size="xs" title={`#${e.seq} · ${e.hash}`}>
                          {fields.length ? fields.slice(0, 8).join(', ') + (fields.length > 8 ? ', …' : '') : '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </ListTable>
          </ScrollArea>
        )}
      </Stack>
    </Paper>
  );
}
