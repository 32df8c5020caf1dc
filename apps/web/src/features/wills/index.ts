/** What other features may use from the wills feature (DESIGN.md §9.1 feature boundaries). */

export { useLang } from '../../components/instrument/fields.tsx';
export {
  caretakerSpecs,
  defaultsFor,
  heirSpecs,
  receiverSpecs,
  witnessSpecs,
} from '../../components/instrument/party-fields.ts';
export { type FieldSpec, RecordForm } from '../../components/instrument/RecordForm.tsx';
export { Notice } from '../../components/Notice.tsx';
export { fetchAttachmentBlob, saveBlob } from '../../lib/attachments.ts';
export { Busy } from './components/Busy.tsx';
// Reused by the amendment wizard (issue 4): the generic row form and list, the people and property field lists.
export { DetailTable } from './components/DetailTable.tsx';
// The dashboard's transaction history offers each settled payment's receipt with the same button (issue 38).
export { PdfDownload } from './components/Downloads.tsx';
export { HeirPicker, type PickableHeir } from './components/HeirPicker.tsx';
export { RecordsTable } from './components/RecordsTable.tsx';
export { WillStatusBadge, willStatusLabelKey } from './components/WillStatus.tsx';
export { uniquePeople, useNewestWillHeirs } from './hooks/useNewestWillHeirs.ts';
// The amendment's property pages offer the will's harta sepencarian declaration with the same fields (ADR 0286).
export {
  immoveableSpecs,
  moveableSpecs,
  type SpouseHeir,
  sepencarianDefaults,
  sepencarianSpecs,
  sepencarianText,
  spouseHeirs,
  valueSpecs,
  valueText,
} from './parts/e/PropertyTab.tsx';
