import type { PaymentMethod } from '../gateways/gateway.ts';
import { sandboxCheckoutPrefix, sandboxDeclineReasons, type SandboxCheckout } from '../gateways/sandbox.ts';

export const methodLabels: Record<PaymentMethod, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  kakao_pay: 'KakaoPay',
  naver_pay: 'Naver Pay',
  toss_pay: 'Toss Pay',
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Integer won, grouped as Koreans read it: ₩12,000. */
export const formatKrw = (amount: number) => `₩${amount.toLocaleString('en-US')}`;

/** No inline script or style: the page lives under the app's own CSP (S7); its styles are a file. */
function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox payment</title>
<link rel="stylesheet" href="${sandboxCheckoutPrefix}/sandbox-checkout.css">
</head>
<body>
<p class="banner" role="note"><strong>Sandbox</strong> — no real money moves. This page stands in for the payment gateway in development and tests.</p>
<main>
${body}
</main>
</body>
</html>`;
}

export function checkoutPage(checkout: SandboxCheckout) {
  const { request, checkoutId } = checkout;
  const base = `${sandboxCheckoutPrefix}/checkout/${encodeURIComponent(checkoutId)}`;
  const methods = (Object.keys(methodLabels) as PaymentMethod[])
    .map(
      (method) =>
        `<label class="method"><input type="radio" name="method" value="${method}"${method === request.method ? ' checked' : ''} required> <span>${methodLabels[method]}</span></label>`,
    )
    .join('\n');
  const reasons = (Object.entries(sandboxDeclineReasons) as [string, string][])
    .map(([code, reason]) => `<option value="${code}">${escapeHtml(reason)}</option>`)
    .join('\n');
  return layout(
    'Pay',
    `<h1>Pay for your order</h1>
<dl class="order">
<div><dt>Order</dt><dd id="order-name">${escapeHtml(request.orderName)}</dd></div>
<div><dt>Amount</dt><dd id="order-amount" class="amount">${formatKrw(request.amountKrw)}</dd></div>
<div><dt>Order number</dt><dd class="order-id">${escapeHtml(request.orderId)}</dd></div>
</dl>
<form method="post" action="${base}/approve" class="panel">
<fieldset>
<legend>Payment method</legend>
${methods}
</fieldset>
<button type="submit" class="primary">Approve ${formatKrw(request.amountKrw)}</button>
</form>
<form method="post" action="${base}/decline" class="panel">
<label for="decline-code">Decline with a reason</label>
<select id="decline-code" name="code">
${reasons}
</select>
<button type="submit" class="secondary">Decline</button>
</form>
<form method="post" action="${base}/abandon" class="panel quiet">
<button type="submit" class="link">Leave without paying and go back to the shop</button>
</form>`,
  );
}

export function messagePage(title: string, message: string) {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
