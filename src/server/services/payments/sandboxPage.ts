// The sandbox's test-mode page: a small standalone HTML page, in the session's language (texts from locales/),
// clearly marked TEST MODE, with the product and price and Pay / Cancel (or, for a portal session, the plan with
// Cancel subscription / Back). Its one script (allowed by a per-response nonce) posts to the complete operation
// and follows the answer's redirect.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Language } from '../../../domain/constants';
import type { SandboxSessionRow } from './sandbox';
import { formatPrice } from '../../../domain/money';

type Texts = Record<string, string>;

function loadTexts(language: Language): Texts {
  const file = fileURLToPath(new URL(`../../../../locales/${language}.json`, import.meta.url));
  const all = JSON.parse(readFileSync(file, 'utf8')) as { sandbox_checkout: Texts };
  return all.sandbox_checkout;
}

const TEXTS: Record<Language, Texts> = { es: loadTexts('es'), en: loadTexts('en') };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Where the page returns when the buyer leaves without paying. */
export function returnUrl(returnPath: string, outcome: 'success' | 'cancelled' | 'done', kind: 'checkout' | 'portal'): string {
  return `${returnPath}?${kind === 'portal' ? 'portal' : 'checkout'}=${outcome}`;
}

export interface RenderedPage {
  html: string;
  /** The Content-Security-Policy of this page (its inline script runs by nonce, nothing else). */
  csp: string;
}

export function renderSandboxPage(session: SandboxSessionRow, completeUrl: string): RenderedPage {
  const language: Language = session.language === 'en' ? 'en' : 'es';
  const t = TEXTS[language];
  const nonce = randomBytes(16).toString('base64');
  const portal = session.kind === 'portal';
  // The amount charged, in the currency charged (EUR), written as the app writes prices.
  const amount = formatPrice(Number(session.amount), language, session.currency);
  const leave = returnUrl(session.return_path, portal ? 'done' : 'cancelled', session.kind);
  const open = session.status === 'open';
  const notice = session.status === 'complete' ? t.completed : session.status === 'expired' ? t.expired : '';
  const rows = portal
    ? [[t.plan, session.description]]
    : [[t.product, session.description], [t.price, amount], ...(session.email ? [[t.email, session.email]] : [])];
  const primary = portal ? t.cancel_subscription : t.pay.replace('{{amount}}', amount);
  const secondary = portal ? t.back : t.cancel;
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${t.test_mode} · ${portal ? t.portal_title : t.title}`)}</title>
<style>
  body { font-family: Arial, Helvetica, sans-serif; background: #f7fafc; color: #1a202c; margin: 0; }
  .banner { background: #b7791f; color: #fff; font-weight: 700; letter-spacing: .08em; text-align: center; padding: 10px; }
  main { max-width: 480px; margin: 32px auto; background: #fff; border: 3px dashed #b7791f; border-radius: 8px; padding: 24px; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; }
  dt { color: #4a5568; } dd { margin: 0; font-weight: 600; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button, a.button { font: inherit; padding: 10px 18px; border-radius: 4px; border: 1px solid #1a365d; cursor: pointer; text-decoration: none; }
  button { background: #1a365d; color: #fff; } a.button { background: #fff; color: #1a365d; }
  button[disabled] { opacity: .6; cursor: wait; }
  .note { font-size: .9rem; color: #4a5568; } .error { color: #c53030; font-weight: 600; }
</style>
</head>
<body>
<div class="banner" data-testid="sandbox-test-mode">${escapeHtml(t.test_mode)}</div>
<main>
  <h1>${escapeHtml(portal ? t.portal_title : t.title)}</h1>
  <p class="note">${escapeHtml(t.explanation)}</p>
  <dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
  ${notice ? `<p class="error" role="alert">${escapeHtml(notice)}</p>` : ''}
  <p class="error" role="alert" id="failed" hidden>${escapeHtml(t.failed)}</p>
  <div class="actions">
    ${open ? `<button type="button" id="pay" data-testid="${portal ? 'sandbox-cancel-subscription' : 'sandbox-pay'}">${escapeHtml(primary)}</button>` : ''}
    <a class="button" href="${escapeHtml(leave)}" data-testid="${portal ? 'sandbox-back' : 'sandbox-cancel'}">${escapeHtml(secondary)}</a>
  </div>
</main>
${
  open
    ? `<script nonce="${nonce}">
  (function () {
    var button = document.getElementById('pay');
    var failed = document.getElementById('failed');
    button.addEventListener('click', function () {
      button.disabled = true;
      failed.hidden = true;
      button.textContent = ${JSON.stringify(t.paying)};
      fetch(${JSON.stringify(completeUrl)}, { method: 'POST', headers: { accept: 'application/json' } })
        .then(function (response) { if (!response.ok) throw new Error(String(response.status)); return response.json(); })
        .then(function (body) { window.location.assign(body.redirectUrl); })
        .catch(function () { button.disabled = false; button.textContent = ${JSON.stringify(primary)}; failed.hidden = false; });
    });
  })();
</script>`
    : ''
}
</body>
</html>`;
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
