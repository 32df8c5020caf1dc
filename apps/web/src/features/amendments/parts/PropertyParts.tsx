/**
 * Amendment wizard part d (reference §3.5 D): the receivers of property, and the property pages
 * /pindaan-harta-tak-alih (immovable) and /pindaan-harta-alih (movable), each with the tabs form (with the
 * estimated value and the date of the estimate, required as for the will's own property; ADR 0257; and the harta
 * sepencarian declaration with the will's own fields — the spouse among the draft's husband/wife heirs or a name
 * typed, the portion in % sent as basis points, the basis and its note; ADR 0286), receiver
 * (shares: "25%" or "1/4", spec §5; a vehicle has one receiver) and document.
 */
import { Anchor, Button, FileInput, Group, Select, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  labelOf,
  MOVEABLE_PROPERTY_TYPES,
  portionsExceedWhole,
  receiverFieldsSchema,
  relationshipLabel,
  willImmoveableFieldsSchema,
  willMoveableFieldsSchema,
} from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import {
  fetchAttachmentBlob,
  HeirPicker,
  immoveableSpecs,
  moveableSpecs,
  type PickableHeir,
  receiverSpecs,
  type SpouseHeir,
  saveBlob,
  sepencarianDefaults,
  sepencarianSpecs,
  sepencarianText,
  spouseHeirs,
  useLang,
  valueSpecs,
  valueText,
} from '@/features/wills/index.ts';
import { api } from '@/lib/api.ts';
import { dataUrlOf as toDataUrl } from '@/lib/files.ts';
import { saveDraft } from '../api.ts';
import { useAmendmentContext } from '../components/AmendmentWizard.tsx';
import { clean, DraftRows } from '../components/DraftRows.tsx';
import type { Row } from '../types.ts';

/** Part d: receivers, and links to the two property pages. */
export function PindaanD() {
  const { t } = useTranslation();
  const lang = useLang();
  const { wasiatId, draft } = useAmendmentContext();
  return (
    <Stack>
      <Title order={2}>{t('amendments.pages.pindaan-d')}</Title>
      <Group>
        <Button component={Link} to={`/wasiat/${wasiatId}/pindaan-harta-tak-alih`} variant="light">
          {t('amendments.pages.pindaan-harta-tak-alih')}
        </Button>
        <Button component={Link} to={`/wasiat/${wasiatId}/pindaan-harta-alih`} variant="light">
          {t('amendments.pages.pindaan-harta-alih')}
        </Button>
      </Group>
      <Title order={3}>{t('amendments.sections.receivers')}</Title>
      <DraftRows
        section="receivers"
        specs={receiverSpecs(t)}
        schema={receiverFieldsSchema}
        title={t('amendments.sections.receivers')}
        name={(r) => r.name}
        testId="draft-receivers"
        lead={(form) => <HeirPicker heirs={(draft.heirs ?? []) as PickableHeir[]} form={form} mode="receiver" />}
        columns={[
          { label: t('wills.f.name'), render: (r) => r.name },
          {
            label: t('wills.f.relationship'),
            render: (r) =>
              relationshipLabel(r.relationship ?? null, r.ic_number as string | null | undefined, lang) || '—',
          },
        ]}
      />
    </Stack>
  );
}

const propertyName = (kind: 'moveables' | 'immoveables', p: Row, lang: 'ms' | 'en') =>
  kind === 'moveables'
    ? [
        labelOf(MOVEABLE_PROPERTY_TYPES, p.property_type ?? null, lang),
        p.institution_name ?? p.transport_registration_number,
      ]
        .filter(Boolean)
        .join(' — ')
    : [p.property_no, p.lot_number, p.city].filter(Boolean).join(', ');

/** The shares of each property: list, add, remove. */
function SharesTab({ kind }: { kind: 'moveables' | 'immoveables' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { amendment, draft, editable, refresh } = useAmendmentContext();
  const props = draft[kind];
  const [pid, setPid] = useState<string | null>(null);
  const [rid, setRid] = useState<string | null>(null);
  const [portion, setPortion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameOf = (id: string) => draft.receivers.find((r) => r.id === id)?.name ?? '—';
  const save = async (next: Row[]) => {
    await saveDraft(amendment.id, { [kind]: next.map(clean) });
    await refresh();
  };
  const add = async () => {
    setError(null);
    const p = props.find((x) => x.id === pid);
    if (!p || !rid || !portion.trim()) return setError(t('validation.required'));
    const shares = [...(p.shares ?? []), { receiver_id: rid, portion: portion.trim() }];
    if (portionsExceedWhole(shares.map((s) => s.portion))) return setError(t('amendments.shares_exceed'));
    await save(props.map((x) => (x.id === p.id ? { ...x, shares } : x)));
    setPortion('');
  };
  return (
    <Stack>
      <ListTable data-testid={`${kind}-shares`}>
        <Table.Caption>{t('amendments.sections.shares')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('amendments.f.property')}</Table.Th>
            <Table.Th scope="col">{t('amendments.sections.receivers')}</Table.Th>
            <Table.Th scope="col">{t('wills.f.portion')}</Table.Th>
            {editable && <Table.Th scope="col">{t('wills.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.flatMap((p) =>
            (p.shares ?? []).map((s, i) => (
              <Table.Tr key={`${p.id}-${s.receiver_id}-${s.portion}`}>
                <Table.Td>{propertyName(kind, p, lang)}</Table.Td>
                <Table.Td>{nameOf(s.receiver_id)}</Table.Td>
                <Table.Td>{s.portion}</Table.Td>
                {editable && (
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`${t('amendments.wizard.remove')} ${nameOf(s.receiver_id)}`}
                      onClick={() =>
                        save(
                          props.map((x) => (x.id === p.id ? { ...x, shares: x.shares.filter((_, j) => j !== i) } : x)),
                        )
                      }
                    >
                      {t('amendments.wizard.remove')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </ListTable>
      {editable && (
        <Group align="end">
          <Select
            label={t('amendments.f.property')}
            data={props.map((p) => ({ value: p.id, label: propertyName(kind, p, lang) || p.id }))}
            value={pid}
            onChange={setPid}
          />
          <Select
            label={t('amendments.sections.receivers')}
            data={draft.receivers.map((r) => ({ value: r.id, label: r.name }))}
            value={rid}
            onChange={setRid}
          />
          <TextInput
            label={t('wills.f.portion')}
            description={t('wills.e.portion_help')}
            value={portion}
            onChange={(e) => setPortion(e.currentTarget.value)}
            error={error}
          />
          <Button onClick={add}>{t('amendments.wizard.add_share')}</Button>
        </Group>
      )}
    </Stack>
  );
}

/** The name of an uploaded document, or its kind and upload time when it has none. */
const documentName = (d: Row, t: (k: string, o?: Record<string, unknown>) => string) =>
  String(d.description || d.original_filename || t('amendments.wizard.document_unnamed'));

/**
 * A supporting document as a named link (issue 21 item 9: the list showed file ids and MIME types): opening
 * it downloads the file with the bearer token (GET /api/attachment/{id}/file) under its name.
 */
export function DocumentLink({ doc }: { doc: Row }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const name = documentName(doc, t);
  const ext = String(doc.mime_type ?? '') === 'application/pdf' ? '.pdf' : '';
  return (
    <>
      <Anchor
        component="button"
        type="button"
        onClick={async () => {
          setFailed(false);
          try {
            saveBlob(await fetchAttachmentBlob(String(doc.id)), `${name}${ext}`);
          } catch {
            setFailed(true);
          }
        }}
      >
        {name}
      </Anchor>
      {failed && (
        <Text component="span" c="red" size="sm">
          {' '}
          {t('amendments.wizard.document_failed')}
        </Text>
      )}
    </>
  );
}

/** Documents of the amendment (property documents and supporting documents, part g). */
export function DocumentsTab({ prefix }: { prefix?: string }) {
  const { t } = useTranslation();
  const { amendment, editable } = useAmendmentContext();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const docs = useQuery({
    queryKey: ['amendments', 'docs', amendment.id],
    queryFn: async () =>
      (await api.get<{ attachments: { data: Row[] } }>(`amendment/${amendment.id}/document`)).attachments.data,
  });
  const upload = async () => {
    if (!file) return;
    await api.post(`amendment/${amendment.id}/document`, {
      is_base64: true,
      type: 'Extra',
      description: [prefix, description].filter(Boolean).join(': '),
      document: await toDataUrl(file),
    });
    setFile(null);
    setDescription('');
    await docs.refetch();
  };
  return (
    <Stack>
      {(docs.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('amendments.wizard.none_yet')}</Text>
      ) : (
        <ul>
          {(docs.data ?? []).map((d) => (
            <li key={d.id}>
              <DocumentLink doc={d} />
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <Group align="end">
          <FileInput
            label={t('amendments.f.document')}
            accept="image/png,image/jpeg,application/pdf"
            value={file}
            onChange={setFile}
          />
          <TextInput
            label={t('amendments.f.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Button onClick={upload} disabled={!file}>
            {t('amendments.wizard.upload')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * /pindaan-harta-tak-alih and /pindaan-harta-alih: tabs form, receiver, document. The form and the list are the
 * will's property tab's (wills `moveableSpecs` / `immoveableSpecs`, `valueSpecs`, `sepencarianSpecs`), so a property
 * declared harta sepencarian shows its declaration, and a change of another field sends it back unchanged.
 */
export function PropertyPage({ kind }: { kind: 'moveables' | 'immoveables' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { draft } = useAmendmentContext();
  const page = kind === 'moveables' ? 'pindaan-harta-alih' : 'pindaan-harta-tak-alih';
  const spouses = spouseHeirs((draft.heirs ?? []) as SpouseHeir[]);
  return (
    <Stack>
      <Title order={2}>{t(`amendments.pages.${page}`)}</Title>
      <Tabs defaultValue="form" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="form">{t('amendments.tabs.form')}</Tabs.Tab>
          <Tabs.Tab value="receiver">{t('amendments.tabs.receiver')}</Tabs.Tab>
          <Tabs.Tab value="document">{t('amendments.tabs.document')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="form" pt="md">
          <DraftRows
            section={kind}
            specs={[
              ...(kind === 'moveables' ? moveableSpecs(t) : immoveableSpecs(t)),
              ...valueSpecs(t),
              ...sepencarianSpecs(t, spouses),
            ]}
            schema={kind === 'moveables' ? willMoveableFieldsSchema : willImmoveableFieldsSchema}
            defaults={(r) => sepencarianDefaults(r as never)}
            title={t(`amendments.pages.${page}`)}
            name={(r) => propertyName(kind, r, lang)}
            testId={`draft-${kind}`}
            columns={[
              { label: t('amendments.f.property'), render: (r) => propertyName(kind, r, lang) },
              { label: t('wills.f.value'), render: (r) => valueText(t, r as never, lang) },
              { label: t('wills.f.harta_sepencarian_short'), render: (r) => sepencarianText(t, r as never) },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="receiver" pt="md">
          <SharesTab kind={kind} />
        </Tabs.Panel>
        <Tabs.Panel value="document" pt="md">
          <DocumentsTab prefix={t(`amendments.pages.${page}`)} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
