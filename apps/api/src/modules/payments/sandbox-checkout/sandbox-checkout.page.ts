import type { PaymentMethod } from '../gateways/gateway.ts';
import { sandboxCheckoutPrefix, sandboxDeclineReasons, type SandboxCheckout, type SandboxDeclineCode } from '../gateways/sandbox.ts';
import type { SandboxCheckoutMessages } from './sandbox-checkout.messages.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Integer won, grouped as Koreans read it: ₩12,000. */
export const formatKrw = (amount: number) => `₩${amount.toLocaleString('en-US')}`;

/** No inline script or style: the page lives under the app's own CSP (docs/quality.md#s7); its styles are a file. */
function layout(messages: SandboxCheckoutMessages, title: string, body: string) {
  const [strong, rest] = messages.banner;
  return `<!doctype html>
<html lang="${messages.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(messages.titleSuffix)}</title>
<link rel="stylesheet" href="${sandboxCheckoutPrefix}/sandbox-checkout.css">
</head>
<body>
<p class="banner" role="note"><strong>${escapeHtml(strong)}</strong>${escapeHtml(rest)}</p>
<main>
${body}
</main>
</body>
</html>`;
}

export function checkoutPage(checkout: SandboxCheckout, messages: SandboxCheckoutMessages) {
  const { request, checkoutId } = checkout;
  const base = `${sandboxCheckoutPrefix}/checkout/${encodeURIComponent(checkoutId)}`;
  const methods = (Object.keys(messages.methods) as PaymentMethod[])
    .map(
      (method) =>
        `<label class="method"><input type="radio" name="method" value="${method}"${method === request.method ? ' checked' : ''} required> <span>${escapeHtml(messages.methods[method])}</span></label>`,
    )
    .join('\n');
  const reasons = (Object.keys(sandboxDeclineReasons) as SandboxDeclineCode[])
    .map((code) => `<option value="${code}">${escapeHtml(messages.declineReasons[code])}</option>`)
    .join('\n');
  return layout(
    messages,
    messages.payTitle,
    `<h1>${escapeHtml(messages.heading)}</h1>
<dl class="order">
<div><dt>${escapeHtml(messages.order)}</dt><dd id="order-name">${escapeHtml(request.orderName)}</dd></div>
<div><dt>${escapeHtml(messages.amount)}</dt><dd id="order-amount" class="amount">${formatKrw(request.amountKrw)}</dd></div>
<div><dt>${escapeHtml(messages.orderNumber)}</dt><dd class="order-id">${escapeHtml(request.orderId)}</dd></div>
</dl>
<form method="post" action="${base}/approve" class="panel">
<fieldset>
<legend>${escapeHtml(messages.paymentMethod)}</legend>
${methods}
</fieldset>
<button type="submit" class="primary">${escapeHtml(messages.approve(formatKrw(request.amountKrw)))}</button>
</form>
<form method="post" action="${base}/decline" class="panel">
<label for="decline-code">${escapeHtml(messages.declineLabel)}</label>
<select id="decline-code" name="code">
${reasons}
</select>
<button type="submit" class="secondary">${escapeHtml(messages.decline)}</button>
</form>
<form method="post" action="${base}/abandon" class="panel quiet">
<button type="submit" class="link">${escapeHtml(messages.abandon)}</button>
</form>`,
  );
}

export function messagePage(messages: SandboxCheckoutMessages, [title, message]: [string, string]) {
  return layout(messages, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
