/**
 * A record's history for staff (issue 11 "Staff see a record's history on its page"): the audit events of
 * one record from `GET /api/audit?entity_type=&entity_id=` (Staff, Officer, Admin: `audit:read`), oldest
 * first — when (Asia/Kuala_Lumpur, "23 Nov 26, 14:05"), what, who, from which IP, and which fields
 * changed. Actions and fields are labelled from the one catalogue of `@wasiat/domain` (audit-catalogue.ts,
 * ADR 0159); a key outside it is never shown raw ("Other change" / "other details"), and the API test
 * apps/api/src/platform/audit/catalogue.test.ts fails when the code writes one. Renders nothing for a role without `audit:read`, so any record
 * page may include it. Reusable: `<RecordHistory entityType="Wasiat" entityId={id} />` (a hibah page
 * passes "Hibah").
 */
import { Badge, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { auditActionLabel, auditChangedFields, auditFieldLabel, can, roleOf } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { session } from '@/lib/storage.ts';

/** One event of `GET /api/audit` (apps/api/src/platform/audit/service.ts). */
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

/** The top-level fields an event changed (the domain's rule; bookkeeping keys left out). */
export const changedFields = auditChangedFields;

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
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const actionLabel = (action: string) => auditActionLabel(action, lang) ?? t('audit.history.other_action');
  /** Labels of the changed fields; keys outside the catalogue are counted, never shown raw. */
  const fieldLabels = (fields: string[]) => {
    const known = fields.map((f) => auditFieldLabel(f, lang)).filter((x): x is string => x !== null);
    const others = fields.length - known.length;
    const shown = known.slice(0, 8);
    const rest = known.length - shown.length + others;
    return (
      shown.join(', ') + (rest > 0 ? `${shown.length ? ', ' : ''}${t('audit.history.more', { count: rest })}` : '')
    );
  };
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
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at, i18n.language)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color="gray" tt="none" c="var(--mantine-color-text)">
                          {actionLabel(e.action)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{e.actor?.name ?? t('audit.history.system')}</Table.Td>
                      <Table.Td>{e.ip ?? '—'}</Table.Td>
                      <Table.Td>
                        <Text size="xs" title={`#${e.seq} · ${e.hash}`}>
                          {fields.length ? fieldLabels(fields) : '—'}
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
