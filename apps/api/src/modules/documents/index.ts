/**
 * The documents module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */

// the heirs' sealed consent record (consents module; issue 40 item 5, ADR 0275)
export { issueSealed } from '../../platform/documents/issued.ts';
// the estate's application sheets (estates module; issue 40 item 7, ADR 0271)
export { renderPdf } from '../../platform/documents/pdf/fonts.ts';
// the release of a deceased's documents to the people named (deaths module; issue 40 item 3, ADR 0267)
export { qrDataUrl, verifyUrl } from '../../platform/documents/pdf/layout.ts';
// the structure roles of a tagged PDF (ADR 0299)
export { TAG_STYLE } from '../../platform/documents/pdf/tagged.ts';
export { issueWillDocument, issueWillVersionDocument } from './will-document.ts';
