/**
 * The certificate-of-completion page (issue 11; ADR 0072), appended to a sealed document: one block per
 * signer with role, name, masked MyKad, identity verification (eKYC method and score, OTP verified at),
 * IP, browser, sent/viewed/signed times (Asia/Kuala_Lumpur) and the SHA-256 of the version signed.
 * Labels are bilingual ("Malay / English") from the `sealed.completion.*` keys. Pure: data in, content out.
 * Used by the will, the hibah certificate and the amended will (ADRs 0072, 0074).
 */
import { translate } from '@wasiat/domain';
import type { Content } from 'pdfmake/interfaces';
import type { CompletionData, CompletionSigner } from '../completion/signer.ts';
import { ACCENT, formatKlDateTime } from './layout.ts';
import { TAG_STYLE } from './tagged.ts';

const k = (key: string, lang: 'ms' | 'en', params?: Record<string, string | number>) =>
  translate(`sealed.completion.${key}`, lang, params);
/** "Malay / English" of a `sealed.completion.*` key. */
const bi = (key: string, params?: Record<string, string | number>) => {
  const m = k(key, 'ms', params);
  const e = k(key, 'en', params);
  return m === e ? m : `${m} / ${e}`;
};

/**
 * The "identity verification" lines of a signer: eKYC and OTP for a signer in their own session
 * (testator, grantor); otherwise how they took part — in person on the testator's or the grantor's
 * device, or through a signed link e-mailed to them (with the e-mailed OTP when one was checked).
 */
function verificationLines(s: CompletionSigner): string[] {
  if (!s.ekyc) {
    if (s.presence === 'signed_link') {
      return [
        bi('signed_link'),
        ...(s.onBehalfOf ? [bi('on_behalf', { name: s.onBehalfOf })] : []),
        ...(s.otpVerifiedAt
          ? [bi(s.otpChannel === 'sms' ? 'otp_sms' : 'otp_email', { at: formatKlDateTime(s.otpVerifiedAt) })]
          : [bi('otp_none')]),
      ];
    }
    return [bi(s.presence === 'in_person_grantor' ? 'in_person_grantor' : 'in_person')];
  }
  const method = s.ekyc.method;
  const ekyc = !method
    ? bi('ekyc_none')
    : ['ms', 'en']
        .map((l) => {
          const name = k(`method.${method}`, l as 'ms' | 'en');
          return s.ekyc?.score != null
            ? k('ekyc', l as 'ms' | 'en', { method: name, score: Math.round(s.ekyc.score) })
            : k('ekyc_no_score', l as 'ms' | 'en', { method: name });
        })
        .join(' / ');
  const otp = s.otpVerifiedAt ? bi('otp', { at: formatKlDateTime(s.otpVerifiedAt) }) : bi('otp_none');
  const draft =
    s.draftAcceptOtpAt === undefined
      ? []
      : [s.draftAcceptOtpAt ? bi('otp_draft', { at: formatKlDateTime(s.draftAcceptOtpAt) }) : bi('otp_draft_none')];
  return [ekyc, otp, ...draft];
}

function signerBlock(s: CompletionSigner, index: number, currentSha256: string): Content {
  const row = (key: string, value: string | Content): Content[] => [
    { text: bi(key), color: '#444444', fontSize: 7.5 },
    typeof value === 'string' ? { text: value || '-', fontSize: 8 } : value,
  ];
  const same = s.documentSha256 === currentSha256;
  return {
    unbreakable: true,
    margin: [0, 0, 0, 8],
    table: {
      widths: [130, '*'],
      body: [
        [
          {
            text: `${index + 1}. ${bi(`roles.${s.role}`)}: ${s.name}`,
            bold: true,
            colSpan: 2,
            fillColor: '#eef4f0',
          },
          {},
        ],
        row('ic_number', s.icMasked),
        row('verification', verificationLines(s).join('\n')),
        row('ip', s.ip ?? '-'),
        row('user_agent', s.userAgent ?? '-'),
        row('sent_at', formatKlDateTime(s.sentAt)),
        row('viewed_at', formatKlDateTime(s.viewedAt)),
        row('signed_at', formatKlDateTime(s.signedAt)),
        row('signature_method', bi(`signature_methods.${s.method === 'typed' ? 'typed' : 'drawn'}`)),
        row('signed_version', {
          stack: [
            { text: s.documentSha256, fontSize: 7, font: 'NotoSans' },
            { text: bi(same ? 'matches_current' : 'differs_current'), fontSize: 7, color: same ? ACCENT : '#a33' },
          ],
        }),
      ],
    },
    layout: {
      hLineWidth: () => 0.4,
      vLineWidth: () => 0.4,
      hLineColor: () => '#9bb5a7',
      vLineColor: () => '#9bb5a7',
    },
  };
}

/**
 * The certificate-of-completion page as pdfmake content (starts on a new page).
 * @param documentLabel e.g. "Wasiat / Will W-2026-000123", "Sijil Hibah / Hibah Certificate H2026-000001".
 */
export function completionPage(d: CompletionData, documentLabel: string): Content[] {
  return [
    {
      text: bi('title'),
      bold: true,
      fontSize: 14,
      color: ACCENT,
      alignment: 'center',
      pageBreak: 'before',
      style: TAG_STYLE.h2,
    },
    { text: k('intro', 'ms'), fontSize: 8, margin: [0, 8, 0, 2], alignment: 'justify' },
    {
      text: k('intro', 'en'),
      fontSize: 8,
      italics: true,
      margin: [0, 0, 0, 8],
      alignment: 'justify',
      style: TAG_STYLE.english,
    },
    {
      table: {
        widths: [130, '*'],
        body: [
          [
            { text: bi('document'), color: '#444444', fontSize: 7.5 },
            { text: documentLabel, fontSize: 8 },
          ],
          [
            { text: bi('document_version'), color: '#444444', fontSize: 7.5 },
            { text: d.currentSha256, fontSize: 7 },
          ],
        ],
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 10],
    },
    ...(d.signers.length === 0
      ? [{ text: bi('none'), italics: true } as Content]
      : d.signers.map((s, i) => signerBlock(s, i, d.currentSha256))),
  ];
}
