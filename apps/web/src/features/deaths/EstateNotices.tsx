/**
 * "Tell us once" on the estate page /kematian/:id/pejabat (issue 40 item 8; ADR 0273): the executor's side (staff,
 * or the registering organisation's partner) ticks institutions from the organisation's list and, optionally,
 * asset-map entries to list besides those the institution holds by name, and sends ONE notice to each
 * (`POST /api/death-report/{id}/estate-notice { recipient_ids, asset_ids?, resend?, contact? }`); a second notice
 * to the same institution is refused by the server (422, shown here) unless "send again" is ticked. The notices
 * sent are listed with what each listed, and each institution's reply is recorded (`POST /api/estate-notice/{id}/
 * reply { text, received_on 'YYYY-MM-DD', scan? (data URL), filename? }`) and listed with its scan.
 * Data: `GET /api/death-report/{id}/estate-notice` → {@link NoticesData}. Renders nothing until that has loaded.
 */
import { Button, Checkbox, FileButton, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatKlDate, formatKlDateTime } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { fetchAttachmentBlob } from '@/features/wills/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { dataUrlOf } from '@/lib/files.ts';
import { successToast } from '@/lib/notify.tsx';
import { DEATHS_KEY } from './api.ts';

/** One institution on the organisation's list. */
interface NoticeRecipient {
  id: string;
  organization_id: string;
  name: string;
  kind: 'bank' | 'takaful' | 'cooperative' | 'other';
  email: string;
  phone: string | null;
}

/** One notice as sent, with its replies (`file_url` the reply's scan, or null). */
export interface EstateNotice {
  id: string;
  recipient_id: string;
  recipient_name: string;
  to_email: string;
  reference: string;
  listed: { asset_id: string; description: string; reference: string | null; by: 'match' | 'ticked' }[];
  contact: string;
  resend: boolean;
  sent_at: string;
  replies: { id: string; text: string; received_on: string; file_url: string | null }[];
}

/** What `GET /api/death-report/{id}/estate-notice` returns. */
export interface NoticesData {
  notices: EstateNotice[];
  recipients: NoticeRecipient[];
  assets: { id: string; kind: string; description: string; institution: string | null; reference: string | null }[];
}

const messageOf = (e: unknown) => (e instanceof ApiError ? e.firstMessage : String(e));

/** The reply form of one notice. */
function ReplyForm({ notice, onSaved }: { notice: EstateNotice; onSaved: (d: { notices: EstateNotice[] }) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [date, setDate] = useState('');
  const [scan, setScan] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function save() {
    setError(null);
    try {
      const out = await api.post<{ message: string; notices: EstateNotice[] }>(
        `estate-notice/${notice.id}/reply`,
        {
          text,
          received_on: date,
          ...(scan ? { scan: await dataUrlOf(scan), filename: scan.name } : {}),
        },
        { silent: true },
      );
      successToast(out.message);
      setText('');
      setDate('');
      setScan(null);
      onSaved(out);
    } catch (e) {
      setError(messageOf(e));
    }
  }
  return (
    <Stack gap={4} data-testid={`reply-form-${notice.id}`}>
      <Textarea label={t('estate_notices.reply_text')} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <TextInput
        type="date"
        label={t('estate_notices.received_on')}
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
      />
      <Group gap="xs">
        <FileButton onChange={setScan} accept="image/png,image/jpeg,image/webp,application/pdf">
          {(props) => (
            <Button size="compact-xs" variant="subtle" aria-label={t('estate_notices.scan')} {...props}>
              {scan ? scan.name : t('estate_notices.choose_scan')}
            </Button>
          )}
        </FileButton>
        <Button size="compact-sm" onClick={() => void save()}>
          {t('estate_notices.record_reply')}
        </Button>
      </Group>
      <FormError message={error} />
    </Stack>
  );
}

/** The section; see the file comment. `deathReportId` is the verified report's id. */
export function EstateNotices({ deathReportId }: { deathReportId: string }) {
  const { t, i18n } = useTranslation();
  const lang: 'ms' | 'en' = i18n.language === 'en' ? 'en' : 'ms';
  const qc = useQueryClient();
  const key = [...DEATHS_KEY, 'estate-notices', deathReportId];
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<NoticesData>(`death-report/${deathReportId}/estate-notice`, undefined, { silent: true }),
  });
  const [picked, setPicked] = useState<string[]>([]);
  const [ticked, setTicked] = useState<string[]>([]);
  const [resend, setResend] = useState(false);
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const data = q.data;
  if (!data || !Array.isArray(data.notices) || !Array.isArray(data.recipients)) return null;
  const setNotices = (d: { notices: EstateNotice[] }) => qc.setQueryData(key, { ...data, notices: d.notices });

  async function send() {
    setError(null);
    try {
      const out = await api.post<{ message: string; notices: EstateNotice[] }>(
        `death-report/${deathReportId}/estate-notice`,
        {
          recipient_ids: picked,
          ...(ticked.length ? { asset_ids: ticked } : {}),
          ...(resend ? { resend: true } : {}),
          ...(contact.trim() ? { contact: contact.trim() } : {}),
        },
        { silent: true },
      );
      successToast(out.message);
      setPicked([]);
      setTicked([]);
      setResend(false);
      setNotices(out);
    } catch (e) {
      setError(messageOf(e));
    }
  }
  async function openScan(url: string) {
    const id = url.split('/').at(-2) ?? '';
    const blob = await fetchAttachmentBlob(id);
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  }

  return (
    <Stack gap="sm" data-testid="estate-notices">
      <Title order={2} size="h4">
        {t('estate_notices.title')}
      </Title>
      <Text size="sm">{t('estate_notices.intro')}</Text>
      {data.recipients.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('estate_notices.no_recipients')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Checkbox.Group label={t('estate_notices.recipients')} value={picked} onChange={setPicked}>
            <Stack gap={4} mt={4}>
              {data.recipients.map((r) => (
                <Checkbox
                  key={r.id}
                  value={r.id}
                  label={`${r.name} (${t(`estate_notices.kind.${r.kind}`)}) — ${r.email}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {data.assets.length > 0 && (
            <Checkbox.Group label={t('estate_notices.assets')} value={ticked} onChange={setTicked}>
              <Stack gap={4} mt={4}>
                {data.assets.map((a) => (
                  <Checkbox
                    key={a.id}
                    value={a.id}
                    label={[a.description, a.institution, a.reference].filter(Boolean).join(' · ')}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Checkbox
            label={t('estate_notices.resend')}
            checked={resend}
            onChange={(e) => setResend(e.currentTarget.checked)}
          />
          <TextInput
            label={t('estate_notices.contact')}
            value={contact}
            onChange={(e) => setContact(e.currentTarget.value)}
          />
          <FormError message={error} />
          <Group>
            <Button onClick={() => void send()} disabled={picked.length === 0}>
              {t('estate_notices.send')}
            </Button>
          </Group>
        </Stack>
      )}
      <Title order={3} size="h5">
        {t('estate_notices.sent_list')}
      </Title>
      {data.notices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('estate_notices.none_sent')}
        </Text>
      ) : (
        <ListTable minWidth={640}>
          <Table.Caption>{t('estate_notices.sent_list')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('estate_notices.col.institution')}</Table.Th>
              <Table.Th scope="col">{t('estate_notices.col.sent')}</Table.Th>
              <Table.Th scope="col">{t('estate_notices.col.listed')}</Table.Th>
              <Table.Th scope="col">{t('estate_notices.col.replies')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.notices.map((n) => (
              <Table.Tr key={n.id} data-testid={`notice-${n.id}`}>
                <Table.Td>
                  <Text size="sm">{n.recipient_name}</Text>
                  <Text size="xs" c="dimmed">
                    {n.to_email} · {n.reference}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatKlDateTime(n.sent_at, lang)}</Text>
                  {n.resend && (
                    <Text size="xs" c="dimmed">
                      {t('estate_notices.resent')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {n.listed.length
                      ? n.listed
                          .map((l) => (l.reference ? `${l.description} (${l.reference})` : l.description))
                          .join('; ')
                      : t('estate_notices.nothing_listed')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    {n.replies.length === 0 && (
                      <Text size="xs" c="dimmed">
                        {t('estate_notices.no_replies')}
                      </Text>
                    )}
                    {n.replies.map((r) => (
                      <Stack key={r.id} gap={0}>
                        <Text size="xs" c="dimmed">
                          {formatKlDate(`${r.received_on}T00:00:00+08:00`, lang)}
                        </Text>
                        <Text size="sm">{r.text}</Text>
                        {r.file_url && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => void openScan(r.file_url as string)}
                          >
                            {t('estate_notices.open_scan')}
                          </Button>
                        )}
                      </Stack>
                    ))}
                    <ReplyForm notice={n} onSaved={setNotices} />
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
    </Stack>
  );
}
