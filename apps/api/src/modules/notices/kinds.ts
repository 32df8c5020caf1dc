/**
 * What each instrument kind tells of its status changes, registered by the kind's module (issue 34 item 1: each
 * kind adds its rules through a registration): the i18n key of its name ("Wasiat", "Hibah", "Pindaan"), the key
 * of each status's label, the key of what the person does next in that status (or null), and the app path where
 * they see the record. The notices module holds no kind's rules itself.
 */

/** The audit trail's entity type of a kind (`Wasiat`, `Hibah`, `Amendment`). */
export type NoticeRecordType = 'Wasiat' | 'Hibah' | 'Amendment';

export interface NoticeKind {
  /** i18n key of the kind's name in a sentence (e.g. `notices.kind.will`). */
  nameKey: string;
  /** i18n key of "your <kind>" (e.g. `notices.yours.will`), the title while the record has no number. */
  yoursKey: string;
  /** i18n key of the label of `status` (the kind's own codes, spec §4). */
  statusKey(status: number): string;
  /** i18n key of the next step the person takes in `status`, or null when there is none. */
  nextStepKey(status: number): string | null;
  /** The SPA path (from `/`) where the person sees the record. */
  path(recordId: string): string;
}

const kinds = new Map<NoticeRecordType, NoticeKind>();

/** Registers (or replaces) what `recordType` tells; called once by the kind's route plugin at start. */
export function registerNoticeKind(recordType: NoticeRecordType, kind: NoticeKind): void {
  kinds.set(recordType, kind);
}

/** The registered kind. @throws Error when the kind's module did not register it (a wiring fault at start). */
export function noticeKind(recordType: string): NoticeKind {
  const k = kinds.get(recordType as NoticeRecordType);
  if (!k) throw new Error(`notice kind "${recordType}" is not registered`);
  return k;
}
