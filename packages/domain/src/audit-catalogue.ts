/**
 * The one catalogue of audit actions and audited fields, with their Malay and English labels (issue 17
 * item 9 "Nothing raw on screen": the record history never shows a key such as `will.verification` or a
 * column name; ADR 0159).
 *
 * - {@link AUDIT_ACTIONS}: every action the API writes (`apps/api/src/platform/audit/audit.ts` takes only an
 *   {@link AuditAction}, so an action outside this table does not compile, and `recordAudit` refuses one at
 *   run time). Add the label here when adding an audit call.
 * - {@link AUDIT_FIELDS}: the fields of the records whose history is shown (wills, hibahs, amendments and
 *   the parts written with them) and the keys of the events' before/after objects. Bookkeeping keys that
 *   are never shown are in {@link AUDIT_HIDDEN_FIELDS}. Both live in audit-fields.ts and are re-exported here.
 */
import { type AuditLabel, l } from './audit-label.ts';

export {
  AUDIT_FIELDS,
  AUDIT_HIDDEN_FIELDS,
  auditChangedFields,
  auditFieldLabel,
} from './audit-fields.ts';
export type { AuditLabel } from './audit-label.ts';

/** The three labels of a row kind that is added, updated and deleted (`<prefix>.create|update|delete`). */
function crud<P extends string>(prefix: P, ms: string, en: string) {
  return {
    [`${prefix}.create`]: l(`${ms} ditambah`, `${en} added`),
    [`${prefix}.update`]: l(`${ms} dikemas kini`, `${en} updated`),
    [`${prefix}.delete`]: l(`${ms} dipadam`, `${en} deleted`),
  } as Record<`${P}.${'create' | 'update' | 'delete'}`, AuditLabel>;
}

/** Audit actions → labels (the action codes are the values stored in `audit_events.action`). */
export const AUDIT_ACTIONS = {
  // Wills (spec §5.1)
  'will.create': l('Wasiat dicipta', 'Will created'),
  'will.part_b': l('Butiran wasiat dikemas kini', 'Will details updated'),
  'will.user_detail': l('Butiran pewasiat dikemas kini', "Testator's particulars updated"),
  'will.document': l('Dokumen dimuat naik', 'Document uploaded'),
  'will.estate': l('Anggaran harta dikemas kini', 'Estate estimate updated'),
  'will.sign': l('Ditandatangani oleh pewasiat', 'Signed by the testator'),
  'will.verification': l('Pengakuan PDPA dan pengesahan diterima', 'PDPA notice and confirmation acknowledged'),
  // The testator's signature and declarations recorded by someone else on their own device (an agent, partner or
  // staff acting for the client; issue 38 item 5, ADR 0278): said as such, never "signed by the testator".
  // A 2021 client's submission without the code: the testator is mailed a link to finish it (ADR 0279).
  'will.submit_link': l(
    'Pautan untuk melengkapkan penghantaran wasiat dihantar kepada pewasiat',
    "Link to finish the will's submission mailed to the testator",
  ),
  // A signed link to a testator who is not present, to declare and sign on their own device (ADR 0298).
  'will.testator_link': l('Pautan untuk menandatangani dihantar kepada pewasiat', 'Signing link sent to the testator'),
  'will.sign_on_behalf': l(
    'Tandatangan pewasiat dirakam pada peranti orang lain',
    "The testator's signature captured on another person's device",
  ),
  'will.verification_on_behalf': l(
    'Pengakuan PDPA dan pengesahan pewasiat direkodkan oleh orang lain',
    "The testator's PDPA notice and confirmation recorded by another person",
  ),
  'will.verification_reset': l(
    'Pengakuan PDPA dan pengesahan dibatalkan oleh kakitangan',
    'PDPA notice and confirmation reset by staff',
  ),
  'will.signature_reset': l('Tandatangan pewasiat dibatalkan oleh kakitangan', "Testator's signature reset by staff"),
  'will.submit': l('Dihantar untuk pengesahan', 'Submitted for verification'),
  'will.resubmit': l('Dihantar semula', 'Resubmitted'),
  'will.confirm': l('Disahkan dan didaftarkan', 'Verified and registered'),
  'will.cancel': l('Dibatalkan untuk kemas kini', 'Cancelled for update'),
  'will.delete': l('Wasiat dipadam (data palsu)', 'Will deleted (dummy data)'),
  'will.new_version': l('Versi baharu wasiat (pindaan)', 'New will version (amendment)'),
  'heir_bequests.acknowledge': l(
    'Pewasiat mengakui wasiat kepada waris (perlu persetujuan waris lain)',
    "Testator acknowledged bequests to heirs (needing the other heirs' consent)",
  ),
  'witness.sign': l('Ditandatangani oleh saksi', 'Signed by the witness'),
  'witness.identify': l('Saksi dikenal pasti', 'Witness identified'),
  'will.governing_law': l('Negeri undang-undang wasiat disahkan', "The will's governing law confirmed"),
  'will.predeceased_children': l(
    'Anak yang telah meninggal dunia dan cucu dikemas kini',
    'Predeceased children and grandchildren updated',
  ),
  ...crud('Heir', 'Waris', 'Heir'),
  ...crud('Receiver', 'Penerima', 'Receiver'),
  ...crud('Caretaker', 'Penjaga', 'Caretaker'),
  ...crud('MoveableProperty', 'Harta alih', 'Moveable property'),
  ...crud('ImmoveableProperty', 'Harta tak alih', 'Immoveable property'),
  ...crud('PropertyReceiver', 'Penerima harta', 'Property receiver'),
  ...crud('bequest', 'Wasiat harta', 'Bequest'),
  ...crud('witness', 'Saksi', 'Witness'),
  // eKYC and OTP
  'ekyc.pass': l('eKYC lulus', 'eKYC passed'),
  'ekyc.fail': l('eKYC gagal', 'eKYC failed'),
  'ekyc.clear': l('Keputusan eKYC dikosongkan', 'eKYC result cleared'),
  'ekyc.reset': l('eKYC diset semula', 'eKYC reset'),
  'ekyc.manual_approve': l('eKYC manual diluluskan', 'Manual eKYC approved'),
  'ekyc.manual_reject': l('eKYC manual ditolak', 'Manual eKYC rejected'),
  'ekyc.manual_upload': l('Swafoto manual dimuat naik', 'Manual selfie uploaded'),
  'ekyc.validation': l('Semakan eKYC manual diputuskan', 'Manual eKYC review decided'),
  'ekyc.ocr': l('MyKad dibaca (OCR)', 'MyKad read (OCR)'),
  'ekyc.link_issue': l('Pautan eKYC dikeluarkan', 'eKYC link issued'),
  'ekyc.link_revoke': l('Pautan eKYC dibatalkan', 'eKYC link revoked'),
  'otp.request': l('OTP diminta', 'OTP requested'),
  'otp.verify': l('OTP disahkan', 'OTP verified'),
  // Payments
  'payment.create': l('Bayaran dimulakan', 'Payment started'),
  'payment.offline': l('Bayaran luar talian diisytiharkan', 'Offline payment declared'),
  'payment.waive': l('Bayaran dikecualikan', 'Payment waived'),
  'payment.confirm': l('Bayaran disahkan', 'Payment confirmed'),
  'payment.refuse': l('Bayaran ditolak', 'Payment refused'),
  'payment.slip': l('Bukti bayaran dimuat naik', 'Payment proof uploaded'),
  'payment.instalment': l('Ansuran Arahan Tetap Bank diterima', 'Bank standing instruction instalment received'),
  'payment.mandate_complete': l('Arahan Tetap Bank dijelaskan sepenuhnya', 'Bank standing instruction paid in full'),
  'payment.supersede': l('Bayaran digantikan', 'Payment superseded'),
  'payment.withdraw': l('Bayaran ditarik balik', 'Payment withdrawn'),
  'payment.financing_approved': l('Pembiayaan diluluskan', 'Financing approved'),
  'payment.financing_rejected': l('Pembiayaan ditolak', 'Financing rejected'),
  'payment.gateway_paid': l('Bayaran gerbang diterima', 'Gateway payment received'),
  'payment.gateway_paid_late': l('Bayaran gerbang diterima lewat', 'Gateway payment received late'),
  'payment.gateway_failed': l('Bayaran gerbang gagal', 'Gateway payment failed'),
  'payment.gateway_amount_mismatch': l('Amaun gerbang tidak sepadan', 'Gateway amount mismatch'),
  'payment.gateway_unavailable': l('Gerbang bayaran tidak tersedia', 'Payment gateway unavailable'),
  'payment.receipt_mail_failed': l('E-mel resit gagal', 'Receipt e-mail failed'),
  'payment.receipt_mail_resend': l('E-mel resit dihantar semula', 'Receipt e-mail resent'),
  'promo.generate': l('Kod promo dijana', 'Promo codes generated'),
  'promo.redeem': l('Kod promo ditebus', 'Promo code redeemed'),
  // Documents
  'document.issue': l('Dokumen bermeterai dikeluarkan', 'Sealed document issued'),
  // Hibah and trusts
  'hibah.create': l('Hibah dicipta', 'Hibah created'),
  'hibah.update': l('Hibah dikemas kini', 'Hibah updated'),
  'hibah.user_detail': l('Butiran pemberi hibah dikemas kini', "Grantor's particulars updated"),
  'hibah.company': l('Butiran syarikat pemberi hibah dikemas kini', "Grantor company's particulars updated"),
  'hibah.company_resolution': l('Resolusi lembaga pengarah dimuat naik', 'Board resolution uploaded'),
  'hibah.sign': l('Ditandatangani oleh pemberi hibah', 'Signed by the grantor'),
  'hibah.status': l('Status hibah berubah', 'Hibah status changed'),
  'hibah.document': l('Dokumen hibah dimuat naik', 'Hibah document uploaded'),
  'hibah.ekyc_reuse': l('eKYC terdahulu digunakan semula untuk hibah', 'Earlier eKYC reused for the hibah'),
  'hibah.property.document': l('Dokumen harta dimuat naik', 'Property document uploaded'),
  'hibah.share.save': l('Bahagian disimpan', 'Share saved'),
  'hibah.share.delete': l('Bahagian dipadam', 'Share deleted'),
  'hibah.transaction.create': l('Transaksi amanah direkodkan', 'Trust transaction recorded'),
  'hibah.coupon.generate': l('Kod one-cent dijana', 'One-cent codes generated'),
  'hibah.coupon.redeem': l('Kod one-cent ditebus', 'One-cent code redeemed'),
  'hibah.witness.confirm': l('Saksi hibah mengesahkan', 'Hibah witness confirmed'),
  'hibah.draft.expired': l('Draf hibah luput', 'Hibah draft expired'),
  'hibah.receiver.sign': l('Ditandatangani oleh penerima', 'Signed by the receiver'),
  'hibah.new_version': l('Versi baharu hibah (pindaan)', 'New hibah version (amendment)'),
  ...crud('hibah.receiver', 'Penerima hibah', 'Hibah receiver'),
  ...crud('hibah.caretaker', 'Penjaga hibah', 'Hibah caretaker'),
  ...crud('hibah.heir', 'Waris hibah', 'Hibah heir'),
  ...crud('hibah.witness', 'Saksi hibah', 'Hibah witness'),
  ...crud('hibah.property', 'Harta hibah', 'Hibah property'),
  // Amendments (pindaan)
  'amendment.draft': l('Draf pindaan disimpan', 'Amendment draft saved'),
  'amendment.apply': l('Pindaan dimohon', 'Amendment applied for'),
  'amendment.sign': l('Pindaan ditandatangani', 'Amendment signed'),
  'amendment.document': l('Dokumen pindaan dimuat naik', 'Amendment document uploaded'),
  'amendment.submit': l('Pindaan dihantar untuk semakan', 'Amendment submitted for review'),
  'amendment.pass': l('Draf pindaan disediakan oleh pegawai', 'Amendment draft prepared by the officer'),
  'amendment.return': l('Pindaan dikembalikan untuk pembetulan', 'Amendment returned for correction'),
  'amendment.accept_draft': l('Draf pindaan diterima', 'Amendment draft accepted'),
  'amendment.reject_draft': l('Draf pindaan ditolak', 'Amendment draft rejected'),
  'amendment.approve': l('Pindaan diluluskan', 'Amendment approved'),
  'amendment.cancel': l('Pindaan dibatalkan', 'Amendment cancelled'),
  'amendment.expire': l('Tempoh pindaan tamat', 'Amendment window expired'),
  'amendment.witness_otp': l('OTP saksi pindaan diminta', 'Amendment witness OTP requested'),
  'amendment.witness_otp_verify': l('OTP saksi pindaan disahkan', 'Amendment witness OTP verified'),
  'amendment.witness_confirm': l('Saksi pindaan mengesahkan', 'Amendment witness confirmed'),
  // Users, clients, grants, security
  'user.create': l('Pengguna didaftarkan', 'User registered'),
  'user.profile': l('Profil dikemas kini', 'Profile updated'),
  'user.sign': l('Tandatangan disimpan', 'Signature saved'),
  'user.lookup': l('Pengguna dicari dengan MyKad', 'User looked up by MyKad'),
  'user.channel_change': l('E-mel atau nombor telefon ditukar', 'E-mail or mobile number changed'),
  'user.invitation_resend': l(
    'Jemputan menetapkan kata laluan dihantar semula',
    'Invitation to set a password sent again',
  ),
  'client.update': l('Butiran pelanggan dikemas kini', "Client's particulars updated"),
  'preference.update': l('Pilihan dikemas kini', 'Preferences updated'),
  'grant.create': l('Akses pelanggan diberi', "Client's access granted"),
  'grant.request': l('Akses pelanggan diminta', "Client's access requested"),
  'grant.approve': l('Akses pelanggan diluluskan', "Client's access approved"),
  'grant.refuse': l('Akses pelanggan ditolak', "Client's access refused"),
  'grant.withdraw': l('Akses pelanggan ditarik balik', "Client's access withdrawn"),
  'grant.block': l('Peminta akses disekat oleh pelanggan', 'Access requester blocked by the client'),
  'grant.unblock': l('Sekatan peminta akses ditarik balik', 'Access requester unblocked'),
  'user_access.request': l('Akses organisasi diminta', 'Organisation access requested'),
  'user_access.approve': l('Akses organisasi diluluskan', 'Organisation access approved'),
  'two_factor.enrol': l('Pengesahan dua faktor didaftarkan', 'Two-factor authentication enrolled'),
  'two_factor.recovery_code_used': l('Kod pemulihan digunakan', 'Recovery code used'),
  'two_factor.recovery_codes_regenerated': l('Kod pemulihan dijana semula', 'Recovery codes regenerated'),
  'two_factor.reset': l('Pengesahan dua faktor diset semula', 'Two-factor authentication reset'),
  'data_request.create': l('Permintaan data peribadi dibuat', 'Personal data request made'),
  'data_request.approve': l('Permintaan data peribadi diluluskan', 'Personal data request approved'),
  'data_request.refuse': l('Permintaan data peribadi ditolak', 'Personal data request refused'),
  'drill.event': l('Latihan keselamatan direkodkan', 'Security drill recorded'),
  // Organisations
  'organisation.create': l('Organisasi dicipta', 'Organisation created'),
  'organisation.update': l('Organisasi dikemas kini', 'Organisation updated'),
  'branch.create': l('Cawangan dicipta', 'Branch created'),
  'branch.update': l('Cawangan dikemas kini', 'Branch updated'),
  'branch.deactivate': l('Cawangan dinyahaktifkan', 'Branch deactivated'),
  'staff.create': l('Kakitangan didaftarkan', 'Staff member registered'),
  'staff.update': l('Kakitangan dikemas kini', 'Staff member updated'),
  'pricing.create': l('Harga ditetapkan', 'Price set'),
  'pricing.update': l('Harga dikemas kini', 'Price updated'),
  'product.create': l('Produk dicipta', 'Product created'),
  'product.update': l('Produk dikemas kini', 'Product updated'),
  // Partner programmes
  'certificate.upload': l('Sijil dimuat naik (pukal)', 'Certificates uploaded (bulk)'),
  'certificate.upload_single': l('Sijil dimuat naik', 'Certificate uploaded'),
  'certificate.verify': l('Sijil disahkan', 'Certificate verified'),
  'certificate.reject': l('Sijil ditolak', 'Certificate rejected'),
  'certificate.register_will': l('Wasiat program didaftarkan', 'Programme will registered'),
  'qurban.season_create': l('Musim qurban dicipta', 'Qurban season created'),
  'qurban.purchase': l('Bahagian qurban dibeli', 'Qurban share bought'),
  'qurban.cancel': l('Transaksi qurban dibatalkan', 'Qurban transaction cancelled'),
  'qurban.transaction_paid': l('Transaksi qurban dibayar', 'Qurban transaction paid'),
  'qurban.fund_transfer': l('Pindahan dana qurban', 'Qurban fund transfer'),
  // Will-review reminders (issue 17 item 17)
  'reminder.opt_out': l('Peringatan semakan wasiat dimatikan', 'Will-review reminders turned off'),
  'reminder.opt_in': l('Peringatan semakan wasiat dihidupkan', 'Will-review reminders turned on'),
  'reminder.yearly_sent': l('Peringatan semakan tahunan dihantar', 'Yearly review reminder sent'),
  'reminder.heir_adult_sent': l(
    'Peringatan dihantar: seorang waris berumur 18 tahun',
    'Reminder sent: an heir turned 18',
  ),
  // After a death (issue 40 items 1 and 2; ADRs 0261, 0262)
  'death.report': l('Kematian dilaporkan', 'Death reported'),
  'death.verify_first': l('Laporan kematian: pengesahan pertama', 'Death report: first verification'),
  'death.verify': l('Kematian disahkan', 'Death verified'),
  'death.refuse': l('Laporan kematian ditolak', 'Death report refused'),
  'death.organisation_notified': l('Organisasi dimaklumkan tentang kematian', 'Organisation told of the death'),
  'will.closed_by_death': l('Wasiat dikunci: kematian pewasiat disahkan', "Will locked: the testator's death verified"),
  'hibah.closed_by_death': l('Hibah dikunci: kematian pemberi disahkan', "Hibah locked: the grantor's death verified"),
  'amendment.closed_by_death': l(
    'Pindaan ditutup: kematian pemilik disahkan',
    "Amendment closed: the owner's death verified",
  ),
  'will_inquiry.create': l('Pertanyaan "adakah wasiat?" diterima', 'Inquiry "is there a will?" received'),
  'will_inquiry.answer': l('Jawapan pertanyaan "adakah wasiat?" dihantar', 'Answer to "is there a will?" sent'),
  // The executed original of a will: the signed paper's scan checked against the sealed hash (issue 41 item 1; ADR 0266)
  'will.executed_original_upload': l(
    'Imbasan asal wasiat yang ditandatangani dimuat naik',
    "Scan of the will's signed original uploaded",
  ),
  'will.executed_original_verify': l(
    'Asal yang dilaksanakan disemak dan direkodkan',
    'Executed original checked and recorded',
  ),
  'will.executed_original_refuse': l('Imbasan asal yang ditandatangani ditolak', 'Scan of the signed original refused'),
  // Releasing the documents to the people named (issue 40 item 3; ADR 0267)
  'death.release_issue': l(
    'Pautan dokumen dikeluarkan kepada orang yang dinamakan',
    'Document link issued to a person named',
  ),
  'death.release_open': l('Pautan dokumen dibuka', 'Document link opened'),
  'death.release_code': l('Kod pautan dokumen dihantar', 'Document link code sent'),
  'death.release_identity': l('Semakan identiti pautan dokumen', 'Document link identity check'),
  'death.release_face': l('Semakan wajah pautan dokumen (eKYC)', 'Document link face check (eKYC)'),
  'death.release_download': l('Dokumen dimuat turun melalui pautan', 'Document downloaded through the link'),
  'death.release_revoke': l('Pautan dokumen dibatalkan', 'Document link revoked'),
  // The people a will names accept or decline (issue 41 item 3; ADR 0276)
  'acceptance.ask': l('Penerimaan peranan diminta', 'Acceptance of a role asked'),
  'acceptance.open': l('Pautan penerimaan dibuka', 'Acceptance link opened'),
  'acceptance.code': l('Kod pautan penerimaan dihantar', 'Acceptance link code sent'),
  'acceptance.accept': l('Peranan diterima', 'Role accepted'),
  'acceptance.decline': l('Peranan ditolak', 'Role declined'),
  'acceptance.supersede': l('Permintaan penerimaan diganti', 'Acceptance request superseded'),
  'acceptance.resend': l('Pautan penerimaan dihantar semula', 'Acceptance link sent again'),
  // The right office for an estate (issue 40 item 7; ADR 0271)
  'estate.values': l('Nilai harta pusaka dimasukkan oleh kakitangan', "Estate's values entered by staff"),
  'estate.checklist_tick': l('Senarai semak harta pusaka ditanda', 'Estate checklist item ticked'),
  'estate.checklist_upload': l('Dokumen senarai semak harta pusaka dimuat naik', 'Estate checklist document uploaded'),
  'estate.sheet': l('Helaian permohonan harta pusaka dicetak', 'Estate application sheet printed'),
  // The estate file: the heirs asked again, funeral costs and debts (issue 40 item 4; ADR 0274)
  'estate.heir_change': l('Waris dibetulkan dalam fail harta pusaka', 'Heirs corrected on the estate file'),
  'estate.heir_change_withdrawn': l('Pembetulan waris ditarik balik', 'Heir correction withdrawn'),
  'estate.claims': l('Kos pengebumian dan hutang dimasukkan', 'Funeral costs and debts entered'),
  // The heirs' consent to bequests (issue 40 item 5; ADR 0275)
  'estate.consent': l('Keputusan persetujuan waris direkodkan', "An heir's consent decision recorded"),
  'estate.consent_ward': l('Waris ditanda di bawah penjagaan', 'Heir marked under guardianship'),
  'estate.consent_record': l('Rekod persetujuan waris dimuat turun', "Heirs' consent record downloaded"),
  // Tell us once: the institutions an organisation notifies, the notices and their replies (issue 40 item 8; ADR 0273)
  ...crud('notice_recipient', 'Institusi untuk dimaklumkan', 'Institution to notify'),
  'estate.notice': l('Notis kematian dihantar kepada institusi', 'Notice of the death sent to an institution'),
  'estate.notice_reply': l('Jawapan institusi kepada notis direkodkan', "Institution's reply to a notice recorded"),
  // Institutions a bequest may go to (issue 41 item 7; ADR 0268)
  'institution.create': l('Institusi ditambah', 'Institution added'),
  'institution.update': l('Institusi dikemas kini', 'Institution updated'),
  'institution.deactivate': l('Institusi dinyahaktifkan', 'Institution deactivated'),
  'institution.activate': l('Institusi diaktifkan semula', 'Institution reactivated'),
  // The asset and nominee map (issue 40 item 6; ADR 0269)
  ...crud('asset', 'Entri peta harta', 'Asset map entry'),
  'asset.document': l('Dokumen entri peta harta dimuat naik', 'Asset map document uploaded'),
  'asset.document_delete': l('Dokumen entri peta harta dipadam', 'Asset map document deleted'),
  'asset.to_will': l('Entri peta harta ditambah ke wasiat', 'Asset map entry added to the will'),
  'asset.review_sent': l('Peringatan semakan peta harta dihantar', 'Asset map review reminder sent'),
} as const satisfies Record<string, AuditLabel>;

/** An action the API may write (the key of {@link AUDIT_ACTIONS}). */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Whether `action` is a catalogued audit action. */
export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/** Label of an audit action in `lang`; `null` for an action outside the catalogue (never shown raw). */
export const auditActionLabel = (action: string, lang: 'ms' | 'en'): string | null =>
  isAuditAction(action) ? AUDIT_ACTIONS[action][lang] : null;
