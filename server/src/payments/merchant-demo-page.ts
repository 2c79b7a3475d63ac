/**
 * The merchant demo page (demo mode only): what a merchant's own site might look like. Plain HTML,
 * no inline script; its code is /demo/merchant/merchant.js and its styles /demo/merchant/merchant.css.
 */
export const merchantDemoPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo Shop · Paydesk sandbox</title><link rel="stylesheet" href="/demo/merchant/merchant.css"></head>
<body><main>
<p class="tag">Merchant demo · sandbox</p>
<h1>Demo Shop</h1>
<p>This page plays the merchant. Its server creates a checkout with the secret key, then the
Paydesk widget opens in a popup and reports back with <code>postMessage</code>.</p>
<form id="order">
<label for="amount">Amount (USD)</label>
<input id="amount" name="amount" inputmode="decimal" value="25.00" required>
<button type="submit" id="pay">Pay with Paydesk</button>
</form>
<p id="status" role="status"></p>
<h2>Messages from the widget</h2>
<ul id="heard" aria-label="Messages from the widget"></ul>
<h2>Webhooks received</h2>
<p class="note">Paydesk POSTs events to this shop's server at /demo/merchant/webhooks, which checks each signature.</p>
<ul id="webhooks" aria-label="Webhooks received"></ul>
</main><script src="/demo/merchant/merchant.js" defer></script></body></html>`;

export const merchantDemoStyles = `body{font-family:system-ui,sans-serif;margin:0;padding:32px;color:#1f2330;background:#f6f7fb}
main{max-width:560px;margin:0 auto;background:#fff;padding:24px 28px;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
.tag{color:#5b6275;font-size:12px;text-transform:uppercase;letter-spacing:.08em}form{display:flex;gap:12px;align-items:end;flex-wrap:wrap}
label{display:block;font-size:14px;width:100%}input{font:inherit;padding:8px 10px;border:1px solid #c5c9d6;border-radius:8px}
button{font:inherit;padding:9px 18px;border:0;border-radius:8px;background:#3949ab;color:#fff;cursor:pointer}
#heard li{font-family:ui-monospace,monospace;font-size:13px;padding:4px 0}#status{min-height:1.2em;color:#5b6275}
#webhooks li{font-family:ui-monospace,monospace;font-size:13px;padding:4px 0}.note{color:#5b6275;font-size:14px}`;
