import type { Language } from '@orchard/shared/locale-codes';
import type { PaymentMethod } from '../gateways/gateway.ts';
import type { SandboxDeclineCode } from '../gateways/sandbox.ts';

/**
 * The sandbox checkout's words in the app's five languages (docs/product.md#languages). The page is
 * served by the API, outside the web app's i18next, so its text lives here. The decline codes'
 * wording that the sandbox sends to the app (failUrl, webhooks) stays the English of
 * sandboxDeclineReasons, as a gateway's would; the app never shows it.
 */
export type SandboxCheckoutMessages = {
  htmlLang: string;
  titleSuffix: string;
  banner: [strong: string, rest: string];
  payTitle: string;
  heading: string;
  order: string;
  amount: string;
  orderNumber: string;
  paymentMethod: string;
  approve: (amount: string) => string;
  declineLabel: string;
  decline: string;
  abandon: string;
  methods: Record<PaymentMethod, string>;
  declineReasons: Record<SandboxDeclineCode, string>;
  notFound: [title: string, message: string];
  finished: [title: string, message: string];
};

export const sandboxCheckoutMessages: Record<Language, SandboxCheckoutMessages> = {
  en: {
    htmlLang: 'en',
    titleSuffix: 'Sandbox payment',
    banner: ['Sandbox', ' — no real money moves. This page stands in for the payment gateway in development and tests.'],
    payTitle: 'Pay',
    heading: 'Pay for your order',
    order: 'Order',
    amount: 'Amount',
    orderNumber: 'Order number',
    paymentMethod: 'Payment method',
    approve: (amount) => `Approve ${amount}`,
    declineLabel: 'Decline with a reason',
    decline: 'Decline',
    abandon: 'Leave without paying and go back to the shop',
    methods: { card: 'Card', bank_transfer: 'Bank transfer', kakao_pay: 'KakaoPay', naver_pay: 'Naver Pay', toss_pay: 'Toss Pay' },
    declineReasons: {
      REJECT_CARD_PAYMENT: 'Insufficient funds on the card.',
      EXCEED_MAX_AMOUNT: 'The card limit has been exceeded.',
      REJECT_CARD_COMPANY: 'The card company declined the payment.',
      INVALID_CARD_LOST_OR_STOLEN: 'The card has been reported lost or stolen.',
      PAY_PROCESS_CANCELED: 'The payment was cancelled by the customer.',
    },
    notFound: ['Payment not found', 'This sandbox payment does not exist. Go back to the shop and start again.'],
    finished: ['Payment already finished', 'This sandbox payment has already been approved, declined or left.'],
  },
  ko: {
    htmlLang: 'ko',
    titleSuffix: '샌드박스 결제',
    banner: ['샌드박스', ' — 실제 돈은 오가지 않아요. 개발과 테스트에서 결제 대행사 대신 쓰는 페이지예요.'],
    payTitle: '결제',
    heading: '주문을 결제해 주세요',
    order: '주문',
    amount: '금액',
    orderNumber: '주문 번호',
    paymentMethod: '결제 수단',
    approve: (amount) => `${amount} 결제 승인`,
    declineLabel: '거절 사유를 골라 거절하기',
    decline: '거절',
    abandon: '결제하지 않고 상점으로 돌아가기',
    methods: { card: '카드', bank_transfer: '계좌이체', kakao_pay: '카카오페이', naver_pay: '네이버페이', toss_pay: '토스페이' },
    declineReasons: {
      REJECT_CARD_PAYMENT: '카드 잔액이 부족해요.',
      EXCEED_MAX_AMOUNT: '카드 한도를 초과했어요.',
      REJECT_CARD_COMPANY: '카드사에서 결제를 거절했어요.',
      INVALID_CARD_LOST_OR_STOLEN: '분실 또는 도난 신고된 카드예요.',
      PAY_PROCESS_CANCELED: '고객이 결제를 취소했어요.',
    },
    notFound: ['결제를 찾을 수 없어요', '이 샌드박스 결제는 없어요. 상점으로 돌아가 다시 시작해 주세요.'],
    finished: ['이미 끝난 결제예요', '이 샌드박스 결제는 이미 승인, 거절되었거나 중단되었어요.'],
  },
  ja: {
    htmlLang: 'ja',
    titleSuffix: 'サンドボックス決済',
    banner: ['サンドボックス', ' — 実際のお金は動きません。開発とテストで決済代行会社の代わりに使うページです。'],
    payTitle: 'お支払い',
    heading: 'ご注文のお支払い',
    order: 'ご注文',
    amount: '金額',
    orderNumber: '注文番号',
    paymentMethod: 'お支払い方法',
    approve: (amount) => `${amount}を承認`,
    declineLabel: '理由を選んで拒否',
    decline: '拒否',
    abandon: '支払わずにショップに戻る',
    methods: { card: 'カード', bank_transfer: '口座振替', kakao_pay: 'KakaoPay', naver_pay: 'Naver Pay', toss_pay: 'Toss Pay' },
    declineReasons: {
      REJECT_CARD_PAYMENT: 'カードの残高が不足しています。',
      EXCEED_MAX_AMOUNT: 'カードの利用限度額を超えています。',
      REJECT_CARD_COMPANY: 'カード会社が決済を拒否しました。',
      INVALID_CARD_LOST_OR_STOLEN: '紛失・盗難の届け出があるカードです。',
      PAY_PROCESS_CANCELED: 'お客様が決済をキャンセルしました。',
    },
    notFound: ['決済が見つかりません', 'このサンドボックス決済は存在しません。ショップに戻ってやり直してください。'],
    finished: ['決済はすでに終了しています', 'このサンドボックス決済はすでに承認、拒否、または中断されています。'],
  },
  zh: {
    htmlLang: 'zh',
    titleSuffix: '沙盒支付',
    banner: ['沙盒', ' — 不会产生真实资金往来。此页面在开发和测试中代替支付网关。'],
    payTitle: '支付',
    heading: '支付您的订单',
    order: '订单',
    amount: '金额',
    orderNumber: '订单号',
    paymentMethod: '支付方式',
    approve: (amount) => `批准支付 ${amount}`,
    declineLabel: '选择原因并拒绝',
    decline: '拒绝',
    abandon: '不付款，返回商店',
    methods: { card: '银行卡', bank_transfer: '银行转账', kakao_pay: 'KakaoPay', naver_pay: 'Naver Pay', toss_pay: 'Toss Pay' },
    declineReasons: {
      REJECT_CARD_PAYMENT: '卡内余额不足。',
      EXCEED_MAX_AMOUNT: '已超出卡的额度。',
      REJECT_CARD_COMPANY: '发卡机构拒绝了此次支付。',
      INVALID_CARD_LOST_OR_STOLEN: '此卡已挂失或被报失窃。',
      PAY_PROCESS_CANCELED: '顾客取消了支付。',
    },
    notFound: ['找不到该支付', '此沙盒支付不存在。请返回商店重新开始。'],
    finished: ['支付已结束', '此沙盒支付已被批准、拒绝或中止。'],
  },
  es: {
    htmlLang: 'es',
    titleSuffix: 'Pago de prueba',
    banner: ['Entorno de prueba', ': no se mueve dinero real. Esta página sustituye a la pasarela de pago en desarrollo y pruebas.'],
    payTitle: 'Pagar',
    heading: 'Paga tu pedido',
    order: 'Pedido',
    amount: 'Importe',
    orderNumber: 'Número de pedido',
    paymentMethod: 'Método de pago',
    approve: (amount) => `Aprobar ${amount}`,
    declineLabel: 'Rechazar con un motivo',
    decline: 'Rechazar',
    abandon: 'Salir sin pagar y volver a la tienda',
    methods: { card: 'Tarjeta', bank_transfer: 'Transferencia bancaria', kakao_pay: 'KakaoPay', naver_pay: 'Naver Pay', toss_pay: 'Toss Pay' },
    declineReasons: {
      REJECT_CARD_PAYMENT: 'La tarjeta no tiene fondos suficientes.',
      EXCEED_MAX_AMOUNT: 'Se ha superado el límite de la tarjeta.',
      REJECT_CARD_COMPANY: 'El emisor de la tarjeta rechazó el pago.',
      INVALID_CARD_LOST_OR_STOLEN: 'La tarjeta figura como perdida o robada.',
      PAY_PROCESS_CANCELED: 'El cliente canceló el pago.',
    },
    notFound: ['Pago no encontrado', 'Este pago de prueba no existe. Vuelve a la tienda y empieza de nuevo.'],
    finished: ['El pago ya terminó', 'Este pago de prueba ya se aprobó, se rechazó o se abandonó.'],
  },
};
