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
 *   are never shown are in {@link AUDIT_HIDDEN_FIELDS}.
 */
export interface AuditLabel {
  ms: string;
  en: string;
}
const l = (ms: string, en: string): AuditLabel => ({ ms, en });

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
  'payment.offline': l('Bayaran luar talian direkodkan', 'Offline payment recorded'),
  'payment.waive': l('Bayaran dikecualikan', 'Payment waived'),
  'payment.confirm': l('Bayaran disahkan', 'Payment confirmed'),
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
  'client.update': l('Butiran pelanggan dikemas kini', "Client's particulars updated"),
  'preference.update': l('Pilihan dikemas kini', 'Preferences updated'),
  'grant.create': l('Akses pelanggan diberi', "Client's access granted"),
  'grant.request': l('Akses pelanggan diminta', "Client's access requested"),
  'grant.approve': l('Akses pelanggan diluluskan', "Client's access approved"),
  'grant.refuse': l('Akses pelanggan ditolak', "Client's access refused"),
  'grant.withdraw': l('Akses pelanggan ditarik balik', "Client's access withdrawn"),
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
} as const satisfies Record<string, AuditLabel>;

/** An action the API may write (the key of {@link AUDIT_ACTIONS}). */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Whether `action` is a catalogued audit action. */
export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/**
 * Fields an audit event's before/after may hold for the records whose history is shown (wills, hibahs,
 * amendments: every column, plus the keys the events add) → labels. Checked against the tables' columns
 * and against the events a will, hibah and amendment journey writes (apps/api/src/platform/audit/catalogue.test.ts).
 */
export const AUDIT_FIELDS = {
  // Ownership and organisation
  user_id: l('Pemilik', 'Owner'),
  agent_id: l('Ejen', 'Agent'),
  created_by: l('Didaftarkan oleh', 'Registered by'),
  organization_id: l('Organisasi', 'Organisation'),
  branch_id: l('Cawangan', 'Branch'),
  pricing_id: l('Harga', 'Price'),
  verified_by: l('Disahkan oleh', 'Verified by'),
  handled_by: l('Dikendalikan oleh', 'Handled by'),
  // Will
  wasiat_type: l('Jenis wasiat', 'Will type'),
  plan: l('Pelan', 'Plan'),
  status: l('Status', 'Status'),
  price_sen: l('Harga', 'Price'),
  discount_sen: l('Diskaun', 'Discount'),
  payment_options_id: l('Mod bayaran', 'Payment mode'),
  payment_received_at: l('Tarikh bayaran diterima', 'Payment received at'),
  acknowledged_pdpa: l('Notis PDPA diakui', 'PDPA notice acknowledged'),
  acknowledged_confirmation: l('Pengesahan maklumat diakui', 'Confirmation acknowledged'),
  signature_id: l('Tandatangan', 'Signature'),
  signature_method: l('Cara tandatangan', 'Signature method'),
  ekyc_verified_at: l('Tarikh eKYC lulus', 'eKYC passed at'),
  ekyc_method: l('Cara eKYC', 'eKYC method'),
  face_verification_count: l('Cubaan pengesahan wajah', 'Face verification attempts'),
  parts_done: l('Bahagian lengkap', 'Parts completed'),
  submitted_at: l('Tarikh dihantar', 'Submitted at'),
  wasiat_no: l('No. wasiat', 'Will no.'),
  registered_at: l('Tarikh didaftarkan', 'Registered at'),
  rejected_reason: l('Sebab dibatalkan', 'Reason for cancellation'),
  option_delete_id: l('Pilihan pembatalan', 'Cancellation option'),
  rejected_at: l('Tarikh dibatalkan', 'Cancelled at'),
  estimated_estate_sen: l('Anggaran harta', 'Estimated estate'),
  funeral_sen: l('Belanja pengebumian', 'Funeral expenses'),
  debts_sen: l('Hutang', 'Debts'),
  harta_sepencarian_sen: l('Harta sepencarian', 'Jointly acquired property (harta sepencarian)'),
  heirs_consent: l('Persetujuan waris', "Heirs' consent"),
  heirs_consent_note: l('Catatan persetujuan waris', "Note on the heirs' consent"),
  current_version: l('Versi semasa', 'Current version'),
  deleted_at: l('Tarikh dipadam', 'Deleted at'),
  // Hibah and trust
  hibah_type: l('Jenis hibah', 'Hibah type'),
  is_cash_payment: l('Bayaran tunai', 'Cash payment'),
  employer_name: l('Nama majikan', "Employer's name"),
  employer_address: l('Alamat majikan', "Employer's address"),
  job_title: l('Jawatan', 'Job title'),
  yearly_income: l('Pendapatan tahunan', 'Yearly income'),
  income_source: l('Sumber pendapatan', 'Source of income'),
  income_source_other: l('Sumber pendapatan lain', 'Other source of income'),
  hibah_property_source: l('Sumber harta hibah', 'Source of the hibah property'),
  hibah_property_source_other: l('Sumber harta hibah lain', 'Other source of the hibah property'),
  trust_purpose_type: l('Jenis tujuan amanah', 'Trust purpose type'),
  trust_purpose: l('Tujuan amanah', 'Trust purpose'),
  is_revocable: l('Boleh dibatalkan', 'Revocable'),
  period: l('Tempoh', 'Period'),
  other_period_instructions: l('Arahan tempoh lain', 'Other period instructions'),
  distribution_lifetime_instruction: l('Arahan agihan semasa hayat', 'Distribution instruction during life'),
  distribution_after_death_instruction: l('Arahan agihan selepas kematian', 'Distribution instruction after death'),
  one_cent_maximum_moveable_property: l('Had harta alih one-cent', 'One-cent moveable property limit'),
  is_draft_accepted: l('Draf diterima', 'Draft accepted'),
  draft_sent_at: l('Tarikh draf dihantar', 'Draft sent at'),
  draft_expires_at: l('Tarikh draf luput', 'Draft expires at'),
  draft_accepted_at: l('Tarikh draf diterima', 'Draft accepted at'),
  draft_reminded_at: l('Tarikh peringatan draf', 'Draft reminder sent at'),
  draft_expired_at: l('Tarikh draf luput (sebenar)', 'Draft expired at'),
  draft_accepted_sha256: l('Cap jari draf diterima', 'Fingerprint of the accepted draft'),
  approved_sha256: l('Cap jari dokumen diluluskan', 'Fingerprint of the approved document'),
  approved_at: l('Tarikh diluluskan', 'Approved at'),
  hibah_number: l('No. hibah', 'Hibah no.'),
  current_total_sen: l('Jumlah semasa', 'Current total'),
  // Amendments
  amendmentable_type: l('Jenis rekod dipinda', 'Kind of record amended'),
  amendmentable_id: l('Rekod dipinda', 'Record amended'),
  reference_no: l('No. rujukan', 'Reference no.'),
  count: l('Bilangan pindaan', 'Amendment count'),
  is_staff_created: l('Didaftarkan oleh kakitangan', 'Registered by staff'),
  draft: l('Draf', 'Draft'),
  notes: l('Catatan', 'Notes'),
  reason: l('Sebab', 'Reason'),
  applied_at: l('Tarikh dimohon', 'Applied at'),
  passed_at: l('Tarikh draf disediakan', 'Draft prepared at'),
  accepted_at: l('Tarikh draf diterima', 'Draft accepted at'),
  cancelled_at: l('Tarikh dibatalkan', 'Cancelled at'),
  expires_at: l('Tarikh luput', 'Expires at'),
  version_no: l('No. versi', 'Version no.'),
  // Keys the events add (documents, eKYC, sealed documents)
  type: l('Jenis', 'Type'),
  description: l('Keterangan', 'Description'),
  mime_type: l('Jenis fail', 'File type'),
  size_bytes: l('Saiz fail', 'File size'),
  original_filename: l('Nama fail', 'File name'),
  public_path: l('Pautan fail', 'File link'),
  attempt_id: l('Cubaan eKYC', 'eKYC attempt'),
  outcome: l('Keputusan', 'Outcome'),
  verification_score: l('Skor pengesahan', 'Verification score'),
  antispoof: l('Semakan anti-penipuan', 'Anti-spoofing check'),
  liveness: l('Semakan keaktifan', 'Liveness check'),
  review: l('Semakan manual', 'Manual review'),
  document_id: l('Dokumen', 'Document'),
  kind: l('Jenis dokumen', 'Document kind'),
  sha256: l('Cap jari dokumen', 'Document fingerprint'),
  version: l('Versi', 'Version'),
  amendment_id: l('Pindaan', 'Amendment'),
  wasiat_id: l('Wasiat', 'Will'),
  // The parts of a hibah (receivers, caretakers, heirs, witnesses, property, shares, ledger, codes)
  property_id: l('Harta', 'Property'),
  receiver_id: l('Penerima', 'Receiver'),
  amount_sen: l('Amaun', 'Amount'),
  balance_before_sen: l('Baki sebelum', 'Balance before'),
  balance_after_sen: l('Baki selepas', 'Balance after'),
  name: l('Nama', 'Name'),
  ic_number: l('No. MyKad', 'MyKad no.'),
  old_ic_number: l('No. kad pengenalan lama', 'Old identity card no.'),
  other_ic_number: l('No. pengenalan lain', 'Other identity no.'),
  relationship: l('Hubungan', 'Relationship'),
  mobile_number: l('No. telefon bimbit', 'Mobile number'),
  home_phone_number: l('No. telefon rumah', 'Home phone number'),
  email: l('E-mel', 'E-mail'),
  address: l('Alamat', 'Address'),
  postcode: l('Poskod', 'Postcode'),
  city: l('Bandar', 'City'),
  state: l('Negeri', 'State'),
  bank_name: l('Nama bank', 'Bank name'),
  bank_account_number: l('No. akaun bank', 'Bank account no.'),
  has_allowance: l('Ada elaun', 'Has an allowance'),
  allowance_amount_sen: l('Amaun elaun', 'Allowance amount'),
  allowance_frequency: l('Kekerapan elaun', 'Allowance frequency'),
  other_allowance_frequency: l('Kekerapan elaun lain', 'Other allowance frequency'),
  code: l('Kod', 'Code'),
  redeemed_by: l('Ditebus oleh', 'Redeemed by'),
  redeemed_at: l('Tarikh ditebus', 'Redeemed at'),
  year: l('Tahun', 'Year'),
  last: l('Nombor terakhir', 'Last number'),
  property_type: l('Jenis harta', 'Property type'),
  category: l('Kategori', 'Category'),
  institution_name: l('Nama institusi', 'Institution name'),
  account_number: l('No. akaun', 'Account no.'),
  policy_number: l('No. polisi', 'Policy no.'),
  company_registration_number: l('No. pendaftaran syarikat', 'Company registration no.'),
  registration_number: l('No. pendaftaran SSM', 'SSM registration no.'),
  signatories: l('Penandatangan diberi kuasa', 'Authorised signatories'),
  board_resolution_id: l('Resolusi lembaga pengarah', 'Board resolution'),
  transport_type: l('Jenis kenderaan', 'Vehicle type'),
  transport_manufacturer: l('Pengeluar kenderaan', 'Vehicle manufacturer'),
  transport_model: l('Model kenderaan', 'Vehicle model'),
  transport_registration_number: l('No. pendaftaran kenderaan', 'Vehicle registration no.'),
  one_cent_username: l('Nama pengguna one-cent', 'One-cent username'),
  one_cent_wallet_name: l('Nama dompet one-cent', 'One-cent wallet name'),
  property_no: l('No. harta', 'Property no.'),
  lot_number: l('No. lot', 'Lot no.'),
  city_type: l('Jenis kawasan', 'Area type'),
  district: l('Daerah', 'District'),
  value_sen: l('Nilai', 'Value'),
  portion: l('Bahagian', 'Portion'),
  is_minor: l('Bawah umur', 'Minor'),
  signed_at: l('Tarikh ditandatangani', 'Signed at'),
  link_sent_at: l('Tarikh pautan dihantar', 'Link sent at'),
  link_viewed_at: l('Tarikh pautan dibuka', 'Link opened at'),
  otp_expires_at: l('Tarikh OTP luput', 'OTP expires at'),
  otp_failed_attempts: l('Cubaan OTP gagal', 'Failed OTP attempts'),
  otp_channel: l('Saluran OTP', 'OTP channel'),
  otp_verified_at: l('Tarikh OTP disahkan', 'OTP verified at'),
  accepted_by_caretaker_id: l('Diterima oleh penjaga', 'Accepted by the caretaker'),
  designation: l('Gelaran', 'Title'),
  gender: l('Jantina', 'Gender'),
  race: l('Bangsa', 'Race'),
  religion: l('Agama', 'Religion'),
  nationality: l('Kewarganegaraan', 'Nationality'),
  marital_status: l('Status perkahwinan', 'Marital status'),
  correspondence_address: l('Alamat surat-menyurat', 'Correspondence address'),
  correspondence_postcode: l('Poskod surat-menyurat', 'Correspondence postcode'),
  correspondence_city: l('Bandar surat-menyurat', 'Correspondence city'),
  correspondence_state: l('Negeri surat-menyurat', 'Correspondence state'),
  permanent_address: l('Alamat tetap', 'Permanent address'),
  permanent_postcode: l('Poskod tetap', 'Permanent postcode'),
  permanent_city: l('Bandar tetap', 'Permanent city'),
  permanent_state: l('Negeri tetap', 'Permanent state'),
  content: l('Kandungan', 'Content'),
  confirmed_at: l('Tarikh disahkan', 'Confirmed at'),
  // Will-review reminders (issue 17 item 17; ADR 0174)
  enabled: l('Dihidupkan', 'Turned on'),
  via: l('Melalui', 'Through'),
  due_on: l('Tarikh peringatan', 'Reminder date'),
  sent_at: l('Tarikh e-mel dihantar', 'E-mail sent at'),
} as const satisfies Record<string, AuditLabel>;

/** Keys of before/after never shown (identifiers and bookkeeping times). */
export const AUDIT_HIDDEN_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'created_at',
  'updated_at',
  'hibah_id',
  'seq',
  'otp_hash',
]);

/** Label of an audit action in `lang`; `null` for an action outside the catalogue (never shown raw). */
export const auditActionLabel = (action: string, lang: 'ms' | 'en'): string | null =>
  isAuditAction(action) ? AUDIT_ACTIONS[action][lang] : null;

/** Label of an audited field in `lang`; `null` for a key outside the catalogue (never shown raw). */
export const auditFieldLabel = (field: string, lang: 'ms' | 'en'): string | null =>
  Object.hasOwn(AUDIT_FIELDS, field) ? AUDIT_FIELDS[field as keyof typeof AUDIT_FIELDS][lang] : null;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The top-level fields an event changed: keys of `after` whose value differs from `before` (all keys of
 * `after` for a creation, of `before` for a deletion); {@link AUDIT_HIDDEN_FIELDS} left out.
 */
export function auditChangedFields(before: unknown, after: unknown): string[] {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const keys = new Set([...Object.keys(a), ...(isObject(after) ? [] : Object.keys(b))]);
  return [...keys].filter((k) => !AUDIT_HIDDEN_FIELDS.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}
