/**
 * The "Terma amanah / Trust terms" section of the hibah certificate (issue 37 item 5; ADR 0252): each term
 * the grantor entered in part D (certificate-facts.ts `trustTerms`) on its own labelled row, Malay and
 * English labels (`hibah.certificate.*`); a term not entered is left out, and no section is printed when
 * none was entered.
 */
import { translate } from '@wasiat/domain';
import type { Content } from 'pdfmake/interfaces';
import type { CertificateTrustTerms } from './certificate-facts.ts';

const t = (k: string) => `${translate(`hibah.certificate.${k}`, 'ms')} / ${translate(`hibah.certificate.${k}`, 'en')}`;

/** The label key (`hibah.certificate.*`) of each term, in printed order. */
const ROWS: [keyof CertificateTrustTerms, string][] = [
  ['purposeType', 'purpose_type'],
  ['purpose', 'purpose'],
  ['propertySource', 'property_source'],
  ['period', 'period'],
  ['otherPeriodInstructions', 'other_period_instructions'],
  ['distributionLifetime', 'distribution_lifetime'],
  ['distributionAfterDeath', 'distribution_after_death'],
];

/**
 * The section as pdfmake content ([] when `terms` is absent or empty), under the certificate's own
 * section heading `section('trust_terms')`.
 */
export function trustTermsSection(
  terms: CertificateTrustTerms | undefined,
  section: (k: string) => Content,
): Content[] {
  const body = ROWS.filter(([k]) => terms?.[k]).map(([k, label]) => [
    { text: t(label), color: '#444444' },
    { text: String(terms?.[k]) },
  ]);
  if (!body.length) return [];
  return [
    section('trust_terms'),
    { table: { widths: [150, '*'], body }, layout: 'lightHorizontalLines', margin: [0, 2, 0, 8] },
  ];
}
