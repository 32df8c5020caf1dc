/**
 * The provider and customer service block of receipts (issue 17 item 15; ADR 0160): the provider's name,
 * registration number and address, and the support phone, e-mail and WhatsApp, each labelled in Malay
 * and English. Every value comes from the configuration (support/contact.ts) passed in the receipt's
 * data; an unset value is left out, and nothing is printed when none is set. Kept apart from the
 * receipt's layout so that it can sit on every receipt (will, hibah, amendment, qurban).
 */
import { translate } from '@wasiat/domain';
import type { Content } from 'pdfmake/interfaces';
import type { SupportContact } from '../support/index.ts';

const label = (key: string) => `${translate(`support.${key}`, 'ms')} / ${translate(`support.${key}`, 'en')}`;

/** The block as pdfmake content, or `null` when no value is configured. */
export function providerBlock(c: SupportContact): Content | null {
  const lines: [string, string | null][] = [
    ['provider', c.provider.name],
    ['registration_no', c.provider.registration_no],
    ['address', c.provider.address],
    ['phone', c.phone],
    ['email', c.email],
    ['whatsapp', c.whatsapp],
  ];
  const present = lines.filter((l): l is [string, string] => !!l[1]);
  if (present.length === 0) return null;
  return {
    margin: [0, 14, 0, 0],
    fontSize: 7.5,
    stack: [
      { text: label('title'), bold: true, margin: [0, 0, 0, 2] },
      ...present.map(([k, v]) => ({ text: [{ text: `${label(k)}: `, color: '#555555' }, { text: v }] })),
    ],
  };
}
