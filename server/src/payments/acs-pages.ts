import escapeHtml from 'escape-html';

/**
 * The sandbox issuer's 3-D Secure pages: plain HTML, no inline script, nothing from elsewhere.
 * Every value put into them is escaped, whatever its schema already allowed.
 */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/api/sandbox/acs/acs.css"></head>
<body><main><p class="issuer">Sandbox Bank · 3-D Secure</p>${body}</main></body></html>`;

export function challengePage(transactionId: string, returnOrigin: string): string {
  const button = (outcome: 'complete' | 'fail', label: string) =>
    `<form method="post" action="/api/sandbox/acs/result"><input type="hidden" name="transaction_id" value="${escapeHtml(transactionId)}">` +
    `<input type="hidden" name="return_origin" value="${escapeHtml(returnOrigin)}">` +
    `<input type="hidden" name="outcome" value="${outcome}"><button type="submit" class="${outcome}">${label}</button></form>`;
  return page(
    'Verify your payment',
    `<h1>Verify your payment</h1><p>This is the sandbox issuer's challenge. Choose how the authentication ends.</p>
<div class="actions">${button('complete', 'Complete')}${button('fail', 'Fail')}</div>`,
  );
}

/** Tells the payer page (targetOrigin) that the challenge is over; the page then requeries. */
export function resultPage(transactionId: string, targetOrigin: string, passed: boolean): string {
  const title = passed ? 'Authentication complete' : 'Authentication failed';
  return page(
    title,
    `<h1>${title}</h1><p>Returning to the merchant…</p>
<script src="/api/sandbox/acs/notify.js" data-transaction-id="${escapeHtml(transactionId)}" data-target-origin="${escapeHtml(targetOrigin)}"></script>`,
  );
}

/** A refused or failed step, in the frame where the challenge was. */
export const errorPage = (message: string): string => `<!doctype html><p>${escapeHtml(message)}</p>`;

export const notifyScript = `(function () {
  var script = document.currentScript;
  var message = { type: '3DS_CHALLENGE_COMPLETE', transaction_id: script.dataset.transactionId };
  window.parent.postMessage(message, script.dataset.targetOrigin);
})();
`;

export const acsStyles = `body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1f2330;background:#fff}
main{max-width:420px;margin:0 auto}.issuer{color:#5b6275;font-size:13px;text-transform:uppercase;letter-spacing:.08em}
h1{font-size:22px}.actions{display:flex;gap:12px}button{font:inherit;padding:10px 18px;border-radius:8px;border:0;cursor:pointer}
.complete{background:#2e7d32;color:#fff}.fail{background:#c62828;color:#fff}`;
