/**
 * Certificate verification (spec §2 Dashboard content "certificate verification"; issue 10): provider
 * staff see the programme's certificates (default: pending), open each PDF, and verify it or reject it
 * with a reason (`PATCH /api/tekun/certificate/{id}`). A rejection without a reason is refused by the
 * server and the form.
 */
import {
  Button,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { formatDate } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import { openPdf } from '../programmes/index.ts';
import { type Certificate, fetchCertificates, verifyCertificate } from './api.ts';
import { RowStatus } from './UploadPages.tsx';

/** /tekun/certificate/verification */
export function VerificationPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const role = roleOf(session.user());
  const mayVerify = can(role, 'programme:verify');
  const [status, setStatus] = useState('pending');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<Certificate | null>(null);
  // "Sahkan" asks first (issue 38 item 11): a verified certificate lets the member register a will.
  const [verifying, setVerifying] = useState<Certificate | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const q = useQuery({
    queryKey: ['tekun-certs', status, search, page],
    queryFn: async () =>
      (await fetchCertificates({ status: status === 'all' ? undefined : status, search, page })).certificates,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['tekun-certs'] });
  const verify = async (c: Certificate) => {
    setVerifying(null);
    await verifyCertificate(c.id, { status: 'verified' });
    successToast(t('tekun.verified_toast', { no: c.certificate_no }));
    refresh();
  };
  const reject = async () => {
    if (!rejecting) return;
    if (!reason.trim()) {
      setReasonError(t('programmes.reason_required'));
      return;
    }
    await verifyCertificate(rejecting.id, { status: 'rejected', rejected_reason: reason.trim() });
    successToast(t('tekun.rejected_toast', { no: rejecting.certificate_no }));
    setRejecting(null);
    setReason('');
    refresh();
  };
  return (
    <Stack>
      <Title order={1}>{t('tekun.verification_title')}</Title>
      <Group align="end">
        <SegmentedControl
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          data={['pending', 'verified', 'rejected', 'all'].map((s) => ({
            value: s,
            label: s === 'all' ? t('tekun.all') : t(`programmes.status.${s}`),
          }))}
        />
        <TextInput
          label={t('tekun.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={280}
        />
      </Group>
      {q.data && q.data.data.length === 0 ? (
        <Text>{t('tekun.no_certificates')}</Text>
      ) : (
        <ListTable data-testid="certificates">
          <Table.Caption>{t('tekun.verification_title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('tekun.f.certificate_no')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.member_name')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.ic_number')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.issue_date')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.status')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data?.data ?? []).map((c) => (
              <Table.Tr key={c.id} data-certificate={c.certificate_no}>
                <Table.Td>{c.certificate_no}</Table.Td>
                <Table.Td>{c.member_name}</Table.Td>
                <Table.Td>{c.ic_number}</Table.Td>
                <Table.Td>{formatDate(c.issue_date, i18n.language)}</Table.Td>
                <Table.Td>
                  <RowStatus status={c.status} />
                  {c.rejected_reason && <Text size="sm">{c.rejected_reason}</Text>}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {c.has_document && (
                      <Button size="xs" variant="default" onClick={() => openPdf(`tekun/certificate/${c.id}/document`)}>
                        {t('tekun.view_pdf')}
                      </Button>
                    )}
                    {mayVerify && c.status === 'pending' && (
                      <>
                        <Button size="xs" color="green" onClick={() => setVerifying(c)}>
                          {t('tekun.verify')}
                        </Button>
                        <Button size="xs" color="red" variant="light" onClick={() => setRejecting(c)}>
                          {t('tekun.reject')}
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {q.data && q.data.last_page > 1 && (
        <Pagination total={q.data.last_page} value={page} onChange={setPage} aria-label={t('tekun.pages')} />
      )}
      <Modal
        opened={!!verifying}
        onClose={() => setVerifying(null)}
        title={t('tekun.verify_title', { no: verifying?.certificate_no ?? '' })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>
            {t('tekun.verify_confirm', { name: verifying?.member_name ?? '', ic: verifying?.ic_number ?? '' })}
          </Text>
          <Group justify="end">
            <Button variant="default" onClick={() => setVerifying(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="green" onClick={() => verifying && verify(verifying)}>
              {t('tekun.verify')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={!!rejecting}
        onClose={() => setRejecting(null)}
        title={t('tekun.reject_title', { no: rejecting?.certificate_no ?? '' })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Textarea
            label={t('tekun.reject_reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonError}
            required
          />
          <Group justify="end">
            <Button color="red" onClick={reject}>
              {t('tekun.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
