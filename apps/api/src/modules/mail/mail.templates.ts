import { z } from 'zod';
import { localizedNameSchema, paymentMethods, promotionalNotificationKinds, type Language, type PaymentMethod } from '@orchard/shared';
import { spaPaths } from '@orchard/shared/spa-paths';

/**
 * The mails Orchard sends (docs/product.md#notifications): one template per notification kind that mails,
 * and the inquiry's answer. Each renders a subject, a plain-text body and an HTML body in the
 * recipient's language; every value from the data is escaped in the HTML.
 */
/**
 * The project a mail is about, as the notification list names it (docs/product.md#notifications):
 * its title, or "hidden by the operator", or a request (no title yet) by its artist. `hidden` and
 * `artistNames` are absent on mails queued before they were carried.
 */
const project = z.object({ id: z.number().int(), title: z.string().nullable(), hidden: z.boolean().optional(), artistNames: localizedNameSchema.optional() }).nullable();
const currency = z.enum(['orange', 'berry']);

export const mailTemplateDataSchemas = {
  approved: z.object({ project, creationDeadline: z.string().optional() }),
  rejected: z.object({ project, reason: z.string() }),
  cancelled_deadline: z.object({ project, cause: z.enum(['creation_window', 'funding_end']).optional() }),
  created: z.object({ project }),
  succeeded: z.object({ project }),
  failed: z.object({ project }),
  cancelled: z.object({ project, reason: z.string().optional() }),
  awarded: z.object({ project }),
  /** The ad's proof is overdue: the media still unproven, by their names (docs/product.md#execution). */
  proof_overdue: z.object({ project, dueAt: z.string(), bookedCount: z.number().int(), missing: z.array(localizedNameSchema) }),
  points_returned: z.object({ project, amount: z.number().int(), currency }),
  points_expiring: z.object({ amount: z.number().int(), currency, expiresAt: z.string() }),
  project_opened: z.object({ project }),
  closing_soon: z.object({ project, closesAt: z.string() }),
  /** A guardian's cancellation refunded the unspent part of a charge (docs/product.md#guardian-cancellation). */
  guardian_refund: z.object({ amountKrw: z.number().int(), orange: z.number().int(), bonusOrange: z.number().int() }),
  /**
   * A charge's receipt, sent by the payments module when the charge is confirmed (transactional:
   * it leaves at once, at night too; docs/decisions/105-receipts-and-vat.md).
   */
  charge_receipt: z.object({
    chargeId: z.uuid(),
    number: z.string(),
    approvedAt: z.string(),
    item: z.string(),
    amountKrw: z.number().int(),
    supplyKrw: z.number().int(),
    vatKrw: z.number().int(),
    method: z.enum(paymentMethods),
    orderId: z.string(),
    paymentKeyMasked: z.string(),
    merchant: z.object({ name: z.string(), businessNumber: z.string(), address: z.string() }),
  }),
  /** Sent by the inquiries module to the inquiry's address (its answer is the mail). */
  inquiry_answered: z.object({ inquiryTitle: z.string(), answer: z.string(), nickname: z.string() }),
} as const;

export type MailTemplate = keyof typeof mailTemplateDataSchemas;
export const mailTemplates = Object.keys(mailTemplateDataSchemas) as [MailTemplate, ...MailTemplate[]];

/** Whether the night-time consent holds this mail (docs/product.md#night-time); every other one is transactional. */
export function isPromotionalMail(template: MailTemplate): boolean {
  return (promotionalNotificationKinds as readonly string[]).includes(template);
}
export type MailTemplateData<T extends MailTemplate> = z.infer<(typeof mailTemplateDataSchemas)[T]>;

export type RenderedMail = { subject: string; text: string; html: string };

type Values = Record<string, string>;
/**
 * One mail's words: its subject and paragraphs, `{name}` filled from the values. A copy whose first
 * line greets the reader by name (`greets`) goes without the common greeting.
 */
type Copy = { subject: string; lines: string[]; greets?: true };
/** `footer` offers to turn a kind's mail off; `answerFooter` ends the inquiry's answer, which is not a choice (docs/product.md#notifications). */
type Common = {
  greeting: string;
  open: string;
  footer: string;
  answerFooter: string;
  /** Ends a receipt, which is not a choice either. */
  receiptFooter: string;
  /** A receipt's payment methods. */
  methods: Record<PaymentMethod, string>;
  noTitle: string;
  hidden: string;
  request: string;
  /** Why an approved request was cancelled before creation (docs/product.md#creation). */
  causes: Record<DeadlineCause, string>;
  orange: string;
  berry: string;
};
type DeadlineCause = 'creation_window' | 'funding_end';


const common: Record<Language, Common> = {
  ko: {
    greeting: '안녕하세요, Orchard입니다.',
    open: 'Orchard에서 보기',
    footer: '이 메일은 Orchard 알림입니다. 알림별 메일 수신은 내 정보 > 프로필 수정에서 바꿀 수 있어요.',
    answerFooter: 'Orchard 고객센터에 보내 주신 문의의 답변 메일입니다. 문의 내역에서도 다시 볼 수 있어요.',
    receiptFooter: 'Orchard에서 결제하신 충전의 영수증입니다. 내 정보 > 포인트 내역에서 다시 보고 인쇄할 수 있어요.',
    methods: { card: '카드', bank_transfer: '계좌이체', kakao_pay: '카카오페이', naver_pay: '네이버페이', toss_pay: '토스페이' },
    noTitle: '(제목 없는 프로젝트)',
    hidden: '운영자가 숨긴 프로젝트',
    request: '{artist} 광고 요청',
    causes: {
      creation_window: '승인 후 7일 안에 만들어지지 않아 "{project}"이(가) 취소되었어요.',
      funding_end: '프로젝트를 만들기 전에 펀딩 종료일이 지나 "{project}"이(가) 취소되었어요.',
    },
    orange: '오렌지',
    berry: '베리',
  },
  en: {
    greeting: 'Hello from Orchard.',
    open: 'Open in Orchard',
    footer: 'This is an Orchard notification. You can turn mail on or off for each kind in My page > Edit profile.',
    answerFooter: 'This mail answers the inquiry you sent to Orchard support. You can read it again in My inquiries.',
    receiptFooter: 'This is the receipt of a charge you paid on Orchard. You can see and print it again in My page > Point history.',
    methods: { card: 'Card', bank_transfer: 'Bank transfer', kakao_pay: 'KakaoPay', naver_pay: 'Naver Pay', toss_pay: 'Toss Pay' },
    noTitle: '(untitled project)',
    hidden: 'A project hidden by the operator',
    request: 'Ad request for {artist}',
    causes: {
      creation_window: '"{project}" was cancelled: it was not created within 7 days of approval.',
      funding_end: '"{project}" was cancelled: its funding end date passed before it was created.',
    },
    orange: 'Orange',
    berry: 'Berry',
  },
  zh: {
    greeting: '您好，这里是 Orchard。',
    open: '在 Orchard 中查看',
    footer: '这是一封 Orchard 通知邮件。您可以在"我的 > 编辑资料"中按类型开启或关闭邮件。',
    answerFooter: '这是对您向 Orchard 客服提交的咨询的回复邮件。您也可以在咨询记录中再次查看。',
    receiptFooter: '这是您在 Orchard 支付的充值的收据。您可以在"我的 > 积分记录"中再次查看和打印。',
    methods: { card: '银行卡', bank_transfer: '银行转账', kakao_pay: 'KakaoPay', naver_pay: 'Naver Pay', toss_pay: 'Toss Pay' },
    noTitle: '（无标题项目）',
    hidden: '被运营方隐藏的项目',
    request: '{artist} 的广告申请',
    causes: {
      creation_window: '"{project}"在批准后 7 天内未创建，已被取消。',
      funding_end: '"{project}"在创建之前已过众筹截止日期，已被取消。',
    },
    orange: '橙子',
    berry: '浆果',
  },
  ja: {
    greeting: 'Orchardからのお知らせです。',
    open: 'Orchardで見る',
    footer: 'このメールはOrchardの通知です。種類ごとのメール受信はマイページ > プロフィール編集で切り替えられます。',
    answerFooter: 'Orchardサポートにお送りいただいたお問い合わせへの回答メールです。お問い合わせ履歴でもご覧いただけます。',
    receiptFooter: 'Orchardでお支払いいただいたチャージの領収書です。マイページ > ポイント履歴でいつでも表示・印刷できます。',
    methods: { card: 'カード', bank_transfer: '銀行振込', kakao_pay: 'カカオペイ', naver_pay: 'NAVER Pay', toss_pay: 'Toss Pay' },
    noTitle: '（タイトルなしのプロジェクト）',
    hidden: '運営者が非表示にしたプロジェクト',
    request: '{artist}の広告リクエスト',
    causes: {
      creation_window: '承認から7日以内に作成されなかったため、「{project}」はキャンセルされました。',
      funding_end: '作成される前にファンディング終了日が過ぎたため、「{project}」はキャンセルされました。',
    },
    orange: 'オレンジ',
    berry: 'ベリー',
  },
  es: {
    greeting: 'Hola, te escribe Orchard.',
    open: 'Abrir en Orchard',
    footer: 'Este es un aviso de Orchard. Puedes activar o desactivar el correo de cada tipo en Mi página > Editar perfil.',
    answerFooter: 'Este correo responde a la consulta que enviaste al soporte de Orchard. Puedes volver a leerla en Mis consultas.',
    receiptFooter: 'Este es el recibo de una recarga que pagaste en Orchard. Puedes verlo e imprimirlo de nuevo en Mi página > Historial de puntos.',
    methods: { card: 'Tarjeta', bank_transfer: 'Transferencia bancaria', kakao_pay: 'KakaoPay', naver_pay: 'Naver Pay', toss_pay: 'Toss Pay' },
    noTitle: '(proyecto sin título)',
    hidden: 'Un proyecto ocultado por el operador',
    request: 'Solicitud de anuncio para {artist}',
    causes: {
      creation_window: '«{project}» se canceló porque no se creó en los 7 días siguientes a la aprobación.',
      funding_end: '«{project}» se canceló porque su fecha de fin de financiación pasó antes de que se creara.',
    },
    orange: 'Orange',
    berry: 'Berry',
  },
};

const copies: Record<MailTemplate, Record<Language, Copy>> = {
  approved: {
    ko: { subject: '[Orchard] 요청이 승인되었어요: {project}', lines: ['"{project}" 요청이 승인되었어요.', '{deadline}까지 프로젝트를 만들지 않으면 취소돼요.'] },
    en: { subject: '[Orchard] Your request was approved: {project}', lines: ['Your request "{project}" was approved.', 'Create the project by {deadline} (KST), or it will be cancelled.'] },
    zh: { subject: '[Orchard] 您的申请已获批准：{project}', lines: ['您的申请"{project}"已获批准。', '请在 {deadline}（韩国时间）之前创建项目，否则将被取消。'] },
    ja: { subject: '[Orchard] リクエストが承認されました：{project}', lines: ['リクエスト「{project}」が承認されました。', '{deadline}（韓国時間）までにプロジェクトを作成しないとキャンセルされます。'] },
    es: { subject: '[Orchard] Tu solicitud fue aprobada: {project}', lines: ['Tu solicitud «{project}» fue aprobada.', 'Crea el proyecto antes del {deadline} (hora de Corea) o se cancelará.'] },
  },
  rejected: {
    ko: { subject: '[Orchard] 요청이 반려되었어요: {project}', lines: ['"{project}" 요청이 반려되었어요.', '사유: {reason}'] },
    en: { subject: '[Orchard] Your request was rejected: {project}', lines: ['Your request "{project}" was rejected.', 'Reason: {reason}'] },
    zh: { subject: '[Orchard] 您的申请被拒绝：{project}', lines: ['您的申请"{project}"被拒绝了。', '原因：{reason}'] },
    ja: { subject: '[Orchard] リクエストが却下されました：{project}', lines: ['リクエスト「{project}」は却下されました。', '理由：{reason}'] },
    es: { subject: '[Orchard] Tu solicitud fue rechazada: {project}', lines: ['Tu solicitud «{project}» fue rechazada.', 'Motivo: {reason}'] },
  },
  cancelled_deadline: {
    ko: { subject: '[Orchard] 프로젝트가 취소되었어요: {project}', lines: ['{cause}'] },
    en: { subject: '[Orchard] Your project was cancelled: {project}', lines: ['{cause}'] },
    zh: { subject: '[Orchard] 您的项目已取消：{project}', lines: ['{cause}'] },
    ja: { subject: '[Orchard] プロジェクトがキャンセルされました：{project}', lines: ['{cause}'] },
    es: { subject: '[Orchard] Tu proyecto fue cancelado: {project}', lines: ['{cause}'] },
  },
  created: {
    ko: { subject: '[Orchard] 프로젝트가 열렸어요: {project}', lines: ['보증금이 들어왔고 "{project}"이(가) 열렸어요. 다른 팬들에게 공유해 보세요.'] },
    en: { subject: '[Orchard] Your project is open: {project}', lines: ['Your deposit is in and "{project}" is open. Share it with other fans.'] },
    zh: { subject: '[Orchard] 您的项目已开放：{project}', lines: ['保证金已到账，"{project}"已开放。快分享给其他粉丝吧。'] },
    ja: { subject: '[Orchard] プロジェクトが公開されました：{project}', lines: ['保証金が入り、「{project}」が公開されました。ほかのファンにシェアしましょう。'] },
    es: { subject: '[Orchard] Tu proyecto está abierto: {project}', lines: ['Tu depósito está hecho y «{project}» ya está abierto. Compártelo con otros fans.'] },
  },
  succeeded: {
    ko: { subject: '[Orchard] 펀딩 성공: {project}', lines: ['"{project}"이(가) 목표에 도달했어요. 광고는 예정대로 진행돼요.'] },
    en: { subject: '[Orchard] Funding succeeded: {project}', lines: ['"{project}" reached its goal. The ad will run as planned.'] },
    zh: { subject: '[Orchard] 众筹成功：{project}', lines: ['"{project}"已达成目标，广告将按计划投放。'] },
    ja: { subject: '[Orchard] ファンディング成功：{project}', lines: ['「{project}」が目標に到達しました。広告は予定どおり掲出されます。'] },
    es: { subject: '[Orchard] Financiación lograda: {project}', lines: ['«{project}» alcanzó su meta. El anuncio se publicará según lo previsto.'] },
  },
  failed: {
    ko: { subject: '[Orchard] 펀딩이 목표에 도달하지 못했어요: {project}', lines: ['"{project}"이(가) 목표에 도달하지 못했어요. 참여한 포인트는 모두 돌려드려요.'] },
    en: { subject: '[Orchard] Funding did not reach its goal: {project}', lines: ['"{project}" did not reach its goal. Every participation is returned.'] },
    zh: { subject: '[Orchard] 众筹未达成目标：{project}', lines: ['"{project}"未达成目标，所有参与的积分都将退还。'] },
    ja: { subject: '[Orchard] ファンディングが目標に届きませんでした：{project}', lines: ['「{project}」は目標に届きませんでした。参加したポイントはすべて返還されます。'] },
    es: { subject: '[Orchard] La financiación no alcanzó su meta: {project}', lines: ['«{project}» no alcanzó su meta. Se devuelven todas las participaciones.'] },
  },
  cancelled: {
    ko: { subject: '[Orchard] 프로젝트가 취소되었어요: {project}', lines: ['"{project}"이(가) 취소되었어요. 참여한 포인트는 모두 돌려드려요.', '{reason}'] },
    en: { subject: '[Orchard] A project was cancelled: {project}', lines: ['"{project}" was cancelled. Every participation is returned.', '{reason}'] },
    zh: { subject: '[Orchard] 项目已取消：{project}', lines: ['"{project}"已取消，所有参与的积分都将退还。', '{reason}'] },
    ja: { subject: '[Orchard] プロジェクトがキャンセルされました：{project}', lines: ['「{project}」はキャンセルされました。参加したポイントはすべて返還されます。', '{reason}'] },
    es: { subject: '[Orchard] Se canceló un proyecto: {project}', lines: ['«{project}» se canceló. Se devuelven todas las participaciones.', '{reason}'] },
  },
  awarded: {
    ko: { subject: '[Orchard] 광고가 게재되었어요: {project}', lines: ['"{project}"의 광고가 게재되었어요. 예약한 모든 매체의 증빙 사진을 프로젝트에서 볼 수 있어요.'] },
    en: { subject: '[Orchard] The ad ran: {project}', lines: ['The ad of "{project}" ran. Proof of every booked medium is posted on the project.'] },
    zh: { subject: '[Orchard] 广告已投放：{project}', lines: ['"{project}"的广告已投放，可在项目页查看每个预订媒体的证明照片。'] },
    ja: { subject: '[Orchard] 広告が掲出されました：{project}', lines: ['「{project}」の広告が掲出されました。予約したすべての媒体の証拠をプロジェクトで見られます。'] },
    es: { subject: '[Orchard] El anuncio se publicó: {project}', lines: ['El anuncio de «{project}» se publicó. La prueba de cada medio reservado está en el proyecto.'] },
  },
  proof_overdue: {
    ko: { subject: '[Orchard] 광고 증빙이 늦어지고 있어요: {project}', lines: ['"{project}"의 광고 증빙 기한({dueAt}, 한국 시간)이 지났어요. 아직 증빙되지 않은 매체: {missing}.', '운영팀에 확인을 요청했어요. 증빙이 올라오면 프로젝트에서 볼 수 있어요.'] },
    en: { subject: '[Orchard] The ad\'s proof is overdue: {project}', lines: ['The proof of "{project}" was due by {dueAt} (KST). Still without proof: {missing}.', 'The operators have been asked to post it; it will appear on the project.'] },
    zh: { subject: '[Orchard] 广告证明已逾期：{project}', lines: ['"{project}"的广告证明截止时间为 {dueAt}（韩国时间），已经过期。尚未证明的媒体：{missing}。', '已请运营团队尽快上传，上传后可在项目页查看。'] },
    ja: { subject: '[Orchard] 広告の証拠が期限を過ぎています：{project}', lines: ['「{project}」の広告の証拠の期限（{dueAt}、韓国時間）が過ぎました。まだ証拠のない媒体：{missing}。', '運営チームに掲載を依頼しました。掲載されるとプロジェクトで見られます。'] },
    es: { subject: '[Orchard] La prueba del anuncio está atrasada: {project}', lines: ['La prueba de «{project}» vencía el {dueAt} (hora de Corea). Aún sin prueba: {missing}.', 'Se pidió al equipo de operaciones que la publique; aparecerá en el proyecto.'] },
  },
  points_returned: {
    ko: { subject: '[Orchard] {amount} {currency} 반환: {project}', lines: ['"{project}"에 참여한 {amount} {currency}이(가) 잔액으로 돌아왔어요.'] },
    en: { subject: '[Orchard] {amount} {currency} returned: {project}', lines: ['The {amount} {currency} you put into "{project}" came back to your balance.'] },
    zh: { subject: '[Orchard] 已退还 {amount} {currency}：{project}', lines: ['您参与"{project}"的 {amount} {currency} 已退回您的余额。'] },
    ja: { subject: '[Orchard] {amount} {currency}が返還されました：{project}', lines: ['「{project}」に参加した{amount} {currency}が残高に戻りました。'] },
    es: { subject: '[Orchard] {amount} {currency} devueltos: {project}', lines: ['Los {amount} {currency} que pusiste en «{project}» volvieron a tu saldo.'] },
  },
  points_expiring: {
    ko: { subject: '[Orchard] {amount} {currency}이(가) {date}에 소멸돼요', lines: ['{amount} {currency}의 유효기간이 {date}(한국 시간)에 끝나요. 그 전에 사용해 주세요.'] },
    en: { subject: '[Orchard] {amount} {currency} expire on {date}', lines: ['{amount} {currency} expire at the end of {date} (KST). Use them before then.'] },
    zh: { subject: '[Orchard] {amount} {currency} 将于 {date} 过期', lines: ['{amount} {currency} 将于 {date}（韩国时间）结束时过期，请在此之前使用。'] },
    ja: { subject: '[Orchard] {amount} {currency}が{date}に失効します', lines: ['{amount} {currency}は{date}（韓国時間）の終わりに失効します。それまでにご利用ください。'] },
    es: { subject: '[Orchard] {amount} {currency} caducan el {date}', lines: ['{amount} {currency} caducan al final del {date} (hora de Corea). Úsalos antes.'] },
  },
  project_opened: {
    ko: { subject: '[Orchard] 팔로우한 아티스트의 새 펀딩: {project}', lines: ['팔로우한 아티스트의 프로젝트 "{project}"이(가) 펀딩을 시작했어요.'] },
    en: { subject: '[Orchard] New funding for an artist you follow: {project}', lines: ['"{project}", a project for an artist you follow, is now open for funding.'] },
    zh: { subject: '[Orchard] 您关注的艺人有新众筹：{project}', lines: ['您关注的艺人的项目"{project}"已开始众筹。'] },
    ja: { subject: '[Orchard] フォロー中のアーティストの新しいファンディング：{project}', lines: ['フォロー中のアーティストのプロジェクト「{project}」のファンディングが始まりました。'] },
    es: { subject: '[Orchard] Nueva financiación de un artista que sigues: {project}', lines: ['«{project}», un proyecto de un artista que sigues, ya está abierto a la financiación.'] },
  },
  closing_soon: {
    ko: { subject: '[Orchard] 24시간 안에 펀딩이 마감돼요: {project}', lines: ['참여한 프로젝트 "{project}"의 펀딩이 {closesAt}(한국 시간)에 마감돼요.'] },
    en: { subject: '[Orchard] Funding closes within 24 hours: {project}', lines: ['Funding of "{project}", which you joined, closes at {closesAt} (KST).'] },
    zh: { subject: '[Orchard] 众筹将在 24 小时内截止：{project}', lines: ['您参与的项目"{project}"将于 {closesAt}（韩国时间）截止众筹。'] },
    ja: { subject: '[Orchard] 24時間以内にファンディングが締め切られます：{project}', lines: ['参加したプロジェクト「{project}」のファンディングは{closesAt}（韓国時間）に締め切られます。'] },
    es: { subject: '[Orchard] La financiación cierra en menos de 24 horas: {project}', lines: ['La financiación de «{project}», en la que participaste, cierra el {closesAt} (hora de Corea).'] },
  },
  guardian_refund: {
    ko: { subject: '[Orchard] 법정대리인 요청으로 {amountKrw}원이 환불되었어요', lines: ['법정대리인의 취소 요청에 따라 결제 중 사용하지 않은 부분 {amountKrw}원을 환불했어요.', '잔액에서 {orange} 오렌지와 보너스 {bonusOrange} 오렌지가 차감되었어요.'] },
    en: { subject: '[Orchard] ₩{amountKrw} refunded at a legal guardian\'s request', lines: ['At a legal guardian\'s request, the unspent part of a charge, ₩{amountKrw}, was refunded.', '{orange} Orange and {bonusOrange} bonus Orange were taken from your balance.'] },
    zh: { subject: '[Orchard] 应法定监护人要求已退款 ₩{amountKrw}', lines: ['应法定监护人的取消请求，已退还一笔充值中未使用的部分 ₩{amountKrw}。', '已从您的余额中扣除 {orange} 橙子及赠送的 {bonusOrange} 橙子。'] },
    ja: { subject: '[Orchard] 法定代理人の依頼により₩{amountKrw}を返金しました', lines: ['法定代理人の取消依頼により、チャージのうち未使用分₩{amountKrw}を返金しました。', '残高から{orange}オレンジとボーナス{bonusOrange}オレンジを差し引きました。'] },
    es: { subject: '[Orchard] Reembolso de ₩{amountKrw} a petición de un tutor legal', lines: ['A petición de un tutor legal, se reembolsó la parte no gastada de una recarga: ₩{amountKrw}.', 'Se descontaron de tu saldo {orange} Orange y {bonusOrange} Orange de bonificación.'] },
  },
  charge_receipt: {
    ko: { subject: '[Orchard] 충전 영수증 {number}: {amountKrw}원', lines: ['충전 결제가 완료되었어요. 영수증을 보내드려요.', '영수증 번호: {number}\n결제일시: {approvedAt} (한국 시간)\n상품: {item}\n결제 금액: {amountKrw}원 (공급가액 {supplyKrw}원, 부가세 {vatKrw}원)\n결제 수단: {method}\n주문 번호: {orderId}\n승인 키: {paymentKeyMasked}', '판매자: {merchantName} (사업자등록번호 {businessNumber})\n{merchantAddress}'] },
    en: { subject: '[Orchard] Receipt {number} for your charge: ₩{amountKrw}', lines: ['Your charge is paid. Here is your receipt.', 'Receipt number: {number}\nPaid at: {approvedAt} (KST)\nItem: {item}\nAmount paid: ₩{amountKrw} (supply value ₩{supplyKrw}, VAT ₩{vatKrw})\nPayment method: {method}\nOrder number: {orderId}\nPayment key: {paymentKeyMasked}', 'Seller: {merchantName} (business registration number {businessNumber})\n{merchantAddress}'] },
    zh: { subject: '[Orchard] 充值收据 {number}：₩{amountKrw}', lines: ['您的充值已支付完成，以下是您的收据。', '收据编号：{number}\n支付时间：{approvedAt}（韩国时间）\n商品：{item}\n支付金额：₩{amountKrw}（供货价 ₩{supplyKrw}，增值税 ₩{vatKrw}）\n支付方式：{method}\n订单号：{orderId}\n支付密钥：{paymentKeyMasked}', '卖方：{merchantName}（营业执照号 {businessNumber}）\n{merchantAddress}'] },
    ja: { subject: '[Orchard] チャージの領収書 {number}：₩{amountKrw}', lines: ['チャージのお支払いが完了しました。領収書をお送りします。', '領収書番号：{number}\n決済日時：{approvedAt}（韓国時間）\n品目：{item}\nお支払い金額：₩{amountKrw}（本体価格 ₩{supplyKrw}、付加価値税 ₩{vatKrw}）\nお支払い方法：{method}\n注文番号：{orderId}\n決済キー：{paymentKeyMasked}', '販売者：{merchantName}（事業者登録番号 {businessNumber}）\n{merchantAddress}'] },
    es: { subject: '[Orchard] Recibo {number} de tu recarga: ₩{amountKrw}', lines: ['Tu recarga está pagada. Aquí tienes tu recibo.', 'Número de recibo: {number}\nPagado el: {approvedAt} (hora de Corea)\nArtículo: {item}\nImporte pagado: ₩{amountKrw} (base imponible ₩{supplyKrw}, IVA ₩{vatKrw})\nMétodo de pago: {method}\nNúmero de pedido: {orderId}\nClave de pago: {paymentKeyMasked}', 'Vendedor: {merchantName} (número de registro comercial {businessNumber})\n{merchantAddress}'] },
  },
  inquiry_answered: {
    ko: { subject: '[Orchard] 문의에 답변드려요: {inquiryTitle}', greets: true, lines: ['안녕하세요, {nickname}님. Orchard 고객센터입니다. 문의 "{inquiryTitle}"에 대한 답변입니다.', '{answer}'] },
    en: { subject: '[Orchard] Answer to your inquiry: {inquiryTitle}', greets: true, lines: ['Hello {nickname}, this is Orchard support. Here is the answer to your inquiry "{inquiryTitle}".', '{answer}'] },
    zh: { subject: '[Orchard] 您的咨询已回复：{inquiryTitle}', greets: true, lines: ['{nickname}，您好！这里是 Orchard 客服。以下是对您的咨询"{inquiryTitle}"的回复。', '{answer}'] },
    ja: { subject: '[Orchard] お問い合わせへの回答：{inquiryTitle}', greets: true, lines: ['{nickname}様、Orchardサポートです。お問い合わせ「{inquiryTitle}」への回答です。', '{answer}'] },
    es: { subject: '[Orchard] Respuesta a tu consulta: {inquiryTitle}', greets: true, lines: ['Hola, {nickname}: te escribe el soporte de Orchard. Esta es la respuesta a tu consulta «{inquiryTitle}».', '{answer}'] },
  },
};

const kstOffsetMs = 9 * 3_600_000;

/** An instant as a KST date, `YYYY-MM-DD`. */
function kstDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time + kstOffsetMs).toISOString().slice(0, 10);
}

/** An instant as a KST date and minute, `YYYY-MM-DD HH:mm`. */
function kstDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time + kstOffsetMs).toISOString().slice(0, 16).replace('T', ' ');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function fill(text: string, values: Values): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The project as the notification list names it: its title, hidden, or a request by its artist (docs/product.md#notifications). */
function projectNameOf(project: MailTemplateData<'created'>['project'] | undefined, language: Language, words: Common): string {
  if (project?.title) return project.title;
  if (project?.hidden) return words.hidden;
  if (project?.artistNames) return fill(words.request, { artist: project.artistNames[language] || project.artistNames.en });
  return words.noTitle;
}

/** Where the mail's button leads, relative to the app's origin. */
function linkOf(template: MailTemplate, data: Record<string, unknown>): string {
  const projectRef = data.project as { id: number } | null | undefined;
  if (template === 'inquiry_answered') return spaPaths.customerSupport;
  if (template === 'guardian_refund') return spaPaths.pointHistory('orange');
  if (template === 'charge_receipt') return spaPaths.receipt(String(data.chargeId));
  if (template === 'points_expiring') return spaPaths.pointHistory(String(data.currency));
  if (!projectRef) return spaPaths.notification;
  if (template === 'approved') return spaPaths.projectInfoDetail('approved', projectRef.id);
  if (template === 'rejected') return spaPaths.projectInfoDetail('rejected', projectRef.id);
  if (template === 'cancelled_deadline') return spaPaths.projectInfoDetail('cancelled', projectRef.id);
  return spaPaths.project(projectRef.id);
}

/** A receipt's own values (charge_receipt): the amounts grouped in every language, the approval in KST, the method named. */
function receiptValuesOf(template: MailTemplate, data: Record<string, unknown>, words: Common, language: Language): Values {
  if (template !== 'charge_receipt') return {};
  const receipt = data as MailTemplateData<'charge_receipt'>;
  const won = (amount: number) => new Intl.NumberFormat(language, { useGrouping: 'always' }).format(amount);
  return {
    number: receipt.number,
    approvedAt: kstDateTime(receipt.approvedAt),
    item: receipt.item,
    amountKrw: won(receipt.amountKrw),
    supplyKrw: won(receipt.supplyKrw),
    vatKrw: won(receipt.vatKrw),
    method: words.methods[receipt.method],
    orderId: receipt.orderId,
    paymentKeyMasked: receipt.paymentKeyMasked,
    merchantName: receipt.merchant.name,
    businessNumber: receipt.merchant.businessNumber,
    merchantAddress: receipt.merchant.address,
  };
}

/**
 * The mail of a template in a language. The data is checked against the template's schema first: a
 * programming error surfaces where the mail is enqueued, not as a blank mail.
 */
export function renderMail<T extends MailTemplate>(template: T, language: Language, rawData: unknown, publicUrl: URL): RenderedMail {
  const data = mailTemplateDataSchemas[template].parse(rawData) as Record<string, unknown>;
  const words = common[language];
  const copy = copies[template][language];
  const number = new Intl.NumberFormat(language);
  const projectRef = data.project as MailTemplateData<'created'>['project'] | undefined;
  const projectName = projectNameOf(projectRef, language, words);
  const values: Values = {
    project: projectName,
    cause: fill(words.causes[data.cause === 'funding_end' ? 'funding_end' : 'creation_window'], { project: projectName }),
    amount: typeof data.amount === 'number' ? number.format(data.amount) : '',
    currency: data.currency === 'berry' ? words.berry : words.orange,
    date: typeof data.expiresAt === 'string' ? kstDate(data.expiresAt) : '',
    deadline: typeof data.creationDeadline === 'string' ? kstDateTime(data.creationDeadline) : '',
    closesAt: typeof data.closesAt === 'string' ? kstDateTime(data.closesAt) : '',
    dueAt: typeof data.dueAt === 'string' ? kstDateTime(data.dueAt) : '',
    missing: Array.isArray(data.missing) ? (data.missing as Record<Language, string>[]).map((names) => names[language] || names.en).join(', ') : '',
    reason: typeof data.reason === 'string' ? data.reason : '',
    inquiryTitle: typeof data.inquiryTitle === 'string' ? data.inquiryTitle : '',
    answer: typeof data.answer === 'string' ? data.answer : '',
    nickname: typeof data.nickname === 'string' ? data.nickname : '',
    amountKrw: typeof data.amountKrw === 'number' ? number.format(data.amountKrw) : '',
    orange: typeof data.orange === 'number' ? number.format(data.orange) : '',
    bonusOrange: typeof data.bonusOrange === 'number' ? number.format(data.bonusOrange) : '',
    ...receiptValuesOf(template, data, words, language),
  };
  // An approval without a deadline (older rows) leaves out the sentence that names it.
  const lines = copy.lines.filter((line) => !(line.includes('{deadline}') && values.deadline === '')).map((line) => fill(line, values)).filter((line) => line.trim() !== '');
  const subject = fill(copy.subject, values).replace(/[\r\n]+/g, ' ');
  const url = new URL(linkOf(template, data), publicUrl).toString();
  const greeting = copy.greets ? [] : [words.greeting];
  const footer = template === 'inquiry_answered' ? words.answerFooter : template === 'charge_receipt' ? words.receiptFooter : words.footer;
  const text = [...greeting.flatMap((line) => [line, '']), ...lines.flatMap((line) => [line, '']), `${words.open}: ${url}`, '', '--', footer, ''].join('\n');
  const paragraphs = lines.map((line) => `<p style="margin:0 0 12px;white-space:pre-wrap">${escapeHtml(line)}</p>`).join('\n');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:sans-serif;color:#222;max-width:560px;margin:0 auto;padding:16px">
${greeting.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>\n`).join('')}${paragraphs}
<p style="margin:16px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#ff7a00;color:#fff;text-decoration:none;border-radius:8px">${escapeHtml(words.open)}</a></p>
<hr style="border:none;border-top:1px solid #ddd">
<p style="font-size:12px;color:#777">${escapeHtml(footer)}</p>
</body></html>
`;
  return { subject, text, html };
}
