/**
 * The built-in sandbox payment gateway page (docs/api/payments.md): a small, accessible HTML page in
 * Malay and English showing the amount, with "Lulus / Approve" and "Gagal / Fail" buttons. It works
 * without JavaScript (plain forms posting application/x-www-form-urlencoded), as the app's CSP allows no
 * inline scripts (app.ts: helmet `script-src 'self'`; inline styles are allowed).
 */

import { formatRinggit, translate } from '@wasiat/domain';
import type { Db } from '../../db/client.ts';
import type { payments } from '../../db/schema/index.ts';
import { returnUrl } from './gateway-flow.ts';
import { payableKind } from './payables.ts';

type Payment = typeof payments.$inferSelect;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** "Malay / English" text of a key, the English part marked `lang="en"` for screen readers. */
const both = (key: string) => `${esc(translate(key, 'ms'))} <span lang="en">/ ${esc(translate(key, 'en'))}</span>`;

/**
 * Where the browser goes after the gateway (reference §1.9): the payment's own validated `redirect_url`
 * when the client gave one other than the default (gateway-flow.ts `returnUrl`); otherwise an amendment returns to its will's
 * `/wasiat/{wasiat_id}/pindaanPayVerified?status=…&payment_id=…&amendment_id=…` (issue 4) and any other
 * payable to `/payment-status?status=1|0&payment_id=…` with `wasiat_id` or `paymentable_type` +
 * `paymentable_id` (status 1 = paid or waived, any other value failed/pending).
 */
export async function afterGatewayUrl(db: Db, p: Payment): Promise<string> {
  if (p.paymentable_type === 'Amendment' && (p.redirect_url ?? '/payment-status') === '/payment-status') {
    const kind = payableKind(p.paymentable_type);
    const wasiatId = kind.returnWillId ? await kind.returnWillId(db, p.paymentable_id) : undefined;
    if (wasiatId) {
      const ok = p.status === 'paid' || p.status === 'waived';
      const a = new URLSearchParams({ status: ok ? '1' : '0', payment_id: p.id, amendment_id: p.paymentable_id });
      return `/wasiat/${encodeURIComponent(wasiatId)}/pindaanPayVerified?${a.toString()}`;
    }
  }
  return returnUrl(p);
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f6f8;color:#1a1a1a}
main{max-width:32rem;margin:3rem auto;background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1.5rem 2rem}
h1{font-size:1.35rem;margin-top:0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}
dt{font-weight:600}
dd{margin:0}
.amount{font-size:1.5rem;font-weight:700}
.actions{display:flex;gap:1rem;margin-top:1.5rem;flex-wrap:wrap}
button,a.button{font-size:1rem;padding:.75rem 1.25rem;border-radius:6px;border:0;cursor:pointer;color:#fff;text-decoration:none;display:inline-block}
.approve{background:#146c2e}
.fail{background:#a4161a}
.back{background:#0b5cad}
button:focus-visible,a.button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
.note{color:#4a4a4a}
`;

function layout(body: string) {
  return `<!doctype html>
<html lang="ms">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(translate('payments.sandbox.title', 'ms'))} / ${esc(translate('payments.sandbox.title', 'en'))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${both('payments.sandbox.title')}</h1>
${body}
</main>
</body>
</html>`;
}

/**
 * The page for a gateway payment: buttons while pending, else its state and a link back. `action` is the signed
 * link the page was opened with (path + `expires` + `signature`), which the form posts back to.
 */
export function sandboxPage(p: Payment, action: string): string {
  const details = `<dl>
<dt>${both('payments.sandbox.amount')}</dt><dd class="amount">${esc(formatRinggit(p.amount_sen))}</dd>
<dt>${both('payments.sandbox.reference')}</dt><dd><code>${esc(p.id)}</code></dd>
</dl>`;
  if (p.status !== 'pending') {
    return layout(`<p role="status">${both('payments.sandbox.settled')}
(${both(`payments.status.${p.status}`)})</p>
${details}
<p><a class="button back" href="${esc(returnUrl(p))}">${both('payments.sandbox.back')}</a></p>`);
  }
  const button = (outcome: 'approve' | 'fail') =>
    `<form method="post" action="${esc(action)}">
<input type="hidden" name="outcome" value="${outcome}">
<button type="submit" class="${outcome}">${both(`payments.sandbox.${outcome}`)}</button>
</form>`;
  return layout(`<p class="note">${esc(translate('payments.sandbox.intro', 'ms'))}<br>
<span lang="en">${esc(translate('payments.sandbox.intro', 'en'))}</span></p>
${details}
<div class="actions">
${button('approve')}
${button('fail')}
</div>`);
}

/** The page for an unknown payment id (404). */
export function sandboxNotFoundPage(): string {
  return layout(`<p role="alert">${both('payments.sandbox.not_found')}</p>`);
}
