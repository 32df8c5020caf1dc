/**
 * What OCR read from a MyKad front (issue 3 "MyKad OCR … pre-fill"; API `document_ocr`, ADR 0090),
 * shown for the user to confirm before anything is copied: number, name, address. The caller decides
 * what "use" does (the will wizard copies name and address into part C; /ekyc/validation fills its form).
 */
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The particulars read (API `document_ocr` / `response`); a field not read is null. */
export interface MykadOcr {
  ic_number: string | null;
  name: string | null;
  address: string | null;
  postcode: string | null;
  city: string | null;
  state: string | null;
  gender?: string | null;
  religion?: string | null;
  nationality?: string | null;
}

/** Whether anything useful was read. */
export const hasReading = (r: MykadOcr | null | undefined): r is MykadOcr => !!(r && (r.name || r.address));

/** The reading as a table with "use these" and "skip" actions. */
export function MykadReading(props: {
  reading: MykadOcr;
  onUse?: () => void;
  onSkip?: () => void;
  busy?: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const r = props.reading;
  const rows: [string, string | null][] = [
    [t('ekyc.ocr.ic_number'), r.ic_number],
    [t('ekyc.ocr.name'), r.name],
    [t('ekyc.ocr.address'), r.address],
    [t('ekyc.ocr.postcode'), r.postcode],
    [t('ekyc.ocr.state'), r.state],
  ];
  return (
    <Alert color="blue" title={t('ekyc.ocr.title')} data-testid="mykad-reading">
      <Stack gap="xs">
        <Text size="sm">{t('ekyc.ocr.check')}</Text>
        <Table>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{value ?? t('ekyc.ocr.not_read')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {props.error && (
          <Text c="red.8" size="sm" role="alert">
            {props.error}
          </Text>
        )}
        {(props.onUse || props.onSkip) && (
          <Group>
            {props.onUse && (
              <Button onClick={props.onUse} loading={props.busy}>
                {t('ekyc.ocr.use')}
              </Button>
            )}
            {props.onSkip && (
              <Button variant="default" onClick={props.onSkip} disabled={props.busy}>
                {t('ekyc.ocr.skip')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
