import { sql } from 'drizzle-orm';
import type { FaqCategory } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { faqEntries, type FaqText } from './support.table.ts';

/**
 * The FAQ Orchard starts with (docs/product.md#faq), in the five languages. Each answer states a
 * rule of docs/product.md as the app applies it; operators edit the entries in the console
 * afterwards, so this is written only into an empty table.
 */
export const faqSeed: { category: FaqCategory; question: FaqText; answer: FaqText }[] = [
  {
    category: 'FAQC001',
    question: {
      ko: '광고 응원 프로젝트는 어떻게 시작하나요?',
      en: 'How do I start an ad-support project?',
      zh: '如何发起应援广告项目？',
      ja: '応援広告プロジェクトはどうやって始めますか？',
      es: '¿Cómo inicio un proyecto de anuncio de apoyo?',
    },
    answer: {
      ko: '아티스트, 목적과 옵션, 패키지, 매체와 기간, 광고 시작일, 펀딩 기간을 차례로 골라 신청하세요. 운영팀이 매체 재고를 확인해 승인하거나 사유와 함께 반려하고, 결과는 알림으로 알려 드려요. 승인되면 7일 안에 프로젝트를 만들어야 하며, 이때 목표 포인트의 5% 이상(최대 50%)을 오렌지로 예치해요.',
      en: 'Choose the artist, purpose and option, package, media and their durations, the ad start date and the funding dates, then send the request. Our team checks the media inventory and approves it, or rejects it with a reason; either way you are notified. Once approved, create the project within 7 days by depositing at least 5% (at most 50%) of the goal in Orange.',
      zh: '依次选择艺人、目的与选项、套餐、媒体及投放时长、广告开始日期和众筹期间，然后提交申请。运营团队会确认媒体库存后批准，或注明理由驳回，结果会以通知告知。获批后需在7天内创建项目，并以橙子预存目标积分的5%以上（最多50%）。',
      ja: 'アーティスト、目的とオプション、パッケージ、媒体と期間、広告開始日、ファンディング期間を順に選んで申請してください。運営チームが媒体の在庫を確認して承認するか、理由を添えて却下し、結果は通知でお知らせします。承認後は7日以内に、目標ポイントの5%以上（最大50%）をオレンジでデポジットしてプロジェクトを作成してください。',
      es: 'Elige el artista, el propósito y la opción, el paquete, los medios con su duración, la fecha de inicio del anuncio y las fechas de financiación, y envía la solicitud. Nuestro equipo comprueba el inventario de medios y la aprueba, o la rechaza indicando el motivo; en ambos casos recibirás una notificación. Una vez aprobada, crea el proyecto en 7 días depositando al menos el 5 % (como máximo el 50 %) del objetivo en Orange.',
    },
  },
  {
    category: 'FAQC001',
    question: {
      ko: '펀딩이 목표에 도달하지 못하면 포인트는 어떻게 되나요?',
      en: 'What happens to my points if the funding misses its goal?',
      zh: '众筹未达到目标时，我的积分会怎样？',
      ja: 'ファンディングが目標に届かなかったらポイントはどうなりますか？',
      es: '¿Qué pasa con mis puntos si la financiación no alcanza su objetivo?',
    },
    answer: {
      ko: '펀딩은 종료일 다음 날 00:00(한국 시간)에 마감돼요. 목표에 못 미치면 프로젝트는 실패로 처리되고, 참여한 포인트는 빠져나갔던 바로 그 로트로 전부 돌아가요. 돌려받은 포인트는 최소 30일의 유효기간이 보장되며, 이미 만료됐거나 30일 안에 만료될 로트의 몫은 30일 유효한 새 로트로 지급돼요.',
      en: 'Funding closes at 00:00 KST on the day after its end date. If the goal is not reached the project fails and every point you put in goes back to the very lots it came from. Returned points keep at least 30 days of validity: an amount whose lot has expired, or would expire within 30 days, comes back as a new lot valid for 30 days.',
      zh: '众筹在截止日次日00:00（韩国时间）结束。未达到目标时项目视为失败，您投入的积分会全部退回到原来的积分批次。退回的积分保证至少30天有效期：若原批次已过期或将在30天内过期，该部分将作为有效期30天的新批次退回。',
      ja: 'ファンディングは終了日の翌日00:00（韓国時間）に締め切られます。目標に届かなければプロジェクトは不成立となり、参加したポイントは出どころのロットへ全額戻ります。戻ったポイントには最低30日の有効期間が保証され、すでに失効した、または30日以内に失効するロットの分は30日有効な新しいロットとして戻ります。',
      es: 'La financiación se cierra a las 00:00 (hora de Corea) del día siguiente a su fecha de fin. Si no se alcanza el objetivo, el proyecto fracasa y todos los puntos que aportaste vuelven a los mismos lotes de los que salieron. Los puntos devueltos conservan al menos 30 días de validez: la parte de un lote caducado, o que caducaría en menos de 30 días, vuelve como un lote nuevo válido 30 días.',
    },
  },
  {
    category: 'FAQC001',
    question: {
      ko: '참여를 취소할 수 있나요?',
      en: 'Can I withdraw my participation?',
      zh: '可以取消参与吗？',
      ja: '参加を取り消せますか？',
      es: '¿Puedo retirar mi participación?',
    },
    answer: {
      ko: '단순 변심으로는 참여를 취소할 수 없어요. 참여는 최소 단위의 배수로만 가능하고, 한 사람은 목표의 50%까지 참여할 수 있어요. 운영팀이 성공한 프로젝트를 광고 시작 한 달 전까지 취소하면 모든 참여 포인트가 원래 로트로 돌아가요.',
      en: 'Participations cannot be withdrawn for a change of mind. You put in whole multiples of the project’s minimum unit, up to 50% of the goal per person. If our team cancels a succeeded project (possible up to one month before the ad starts), every participation goes back to its lots.',
      zh: '不能因单纯改变主意而取消参与。参与金额须为最低单位的整数倍，每人最多可参与目标的50%。如运营团队在广告开始前一个月内取消已成功的项目，所有参与积分都会退回原批次。',
      ja: '気が変わったという理由では参加を取り消せません。参加は最小単位の倍数で、1人あたり目標の50%までです。運営チームが成立したプロジェクトを広告開始の1か月前までに中止した場合、すべての参加ポイントが元のロットに戻ります。',
      es: 'No se puede retirar una participación por un cambio de opinión. Se aporta en múltiplos enteros de la unidad mínima del proyecto, hasta el 50 % del objetivo por persona. Si nuestro equipo cancela un proyecto que tuvo éxito (posible hasta un mes antes del inicio del anuncio), cada participación vuelve a sus lotes.',
    },
  },
  {
    category: 'FAQC002',
    question: {
      ko: '오렌지는 어떻게 충전하나요?',
      en: 'How do I charge Orange?',
      zh: '如何充值橙子？',
      ja: 'オレンジはどうやってチャージしますか？',
      es: '¿Cómo recargo Orange?',
    },
    answer: {
      ko: '마이페이지의 포인트 충전에서 100, 300, 500, 1,000, 3,000, 5,000 오렌지 중 하나를 고르세요. 1 오렌지는 100원(부가세 포함)이고, 500 오렌지부터 3~10%의 보너스가 별도 로트로 더해져요. 카드, 계좌이체, 카카오페이, 네이버페이, 토스페이로 결제할 수 있어요.',
      en: 'Open Point charge on My page and pick 100, 300, 500, 1,000, 3,000 or 5,000 Orange. 1 Orange costs 100 KRW, VAT included, and from 500 Orange up a bonus of 3–10% is added as a separate lot. You can pay by card, bank transfer, KakaoPay, Naver Pay or Toss Pay.',
      zh: '在“我的”页面的积分充值中选择100、300、500、1,000、3,000或5,000橙子。1橙子为100韩元（含增值税），500橙子起会另以独立批次赠送3~10%的奖励。可用银行卡、转账、KakaoPay、Naver Pay或Toss Pay支付。',
      ja: 'マイページのポイントチャージで100、300、500、1,000、3,000、5,000オレンジから選んでください。1オレンジは100ウォン（税込）で、500オレンジ以上には3〜10%のボーナスが別ロットで付きます。カード、口座振替、KakaoPay、Naver Pay、Toss Payで支払えます。',
      es: 'Abre Recargar puntos en Mi página y elige 100, 300, 500, 1.000, 3.000 o 5.000 Orange. 1 Orange cuesta 100 KRW, IVA incluido, y a partir de 500 Orange se añade una bonificación del 3 al 10 % como lote aparte. Puedes pagar con tarjeta, transferencia bancaria, KakaoPay, Naver Pay o Toss Pay.',
    },
  },
  {
    category: 'FAQC002',
    question: {
      ko: '충전한 오렌지를 환불받을 수 있나요?',
      en: 'Can I get a refund for Orange I charged?',
      zh: '充值的橙子可以退款吗？',
      ja: 'チャージしたオレンジは払い戻せますか？',
      es: '¿Puedo recuperar el dinero de los Orange que recargué?',
    },
    answer: {
      ko: '결제 후 7일(168시간) 안에, 충전한 오렌지와 그 보너스를 전혀 쓰지 않았다면 충전 전체를 환불받을 수 있어요. 보너스는 원래 충전과 함께 환불되며 따로 환불되지 않고, 일부만 쓴 충전이나 부분 환불은 불가능해요. 이벤트에 쓴 베리도 환불되지 않아요.',
      en: 'A whole charge can be refunded within 7 days (168 hours) of payment, provided neither its Orange nor its bonus has been touched. The bonus is refunded together with its charge, never on its own; a charge partly used cannot be refunded, and there are no partial refunds. Berry spent in events is not refundable.',
      zh: '付款后7天（168小时）内，只要充值的橙子及其奖励都未使用，即可退还整笔充值。奖励随原充值一起退还，不能单独退款；已部分使用的充值不能退款，也不支持部分退款。在活动中使用的浆果不予退款。',
      ja: '決済から7日（168時間）以内で、チャージしたオレンジとそのボーナスを一切使っていなければ、チャージ全体を払い戻せます。ボーナスは元のチャージと一緒に払い戻され、単独では払い戻せません。一部を使ったチャージや部分的な払い戻しはできません。イベントで使ったベリーも払い戻し対象外です。',
      es: 'Se puede reembolsar una recarga completa en los 7 días (168 horas) siguientes al pago, siempre que no se hayan usado ni sus Orange ni su bonificación. La bonificación se reembolsa junto con su recarga, nunca sola; una recarga usada en parte no se puede reembolsar y no hay reembolsos parciales. Las Berry gastadas en eventos no son reembolsables.',
    },
  },
  {
    category: 'FAQC002',
    question: {
      ko: '포인트는 어떤 순서로 사용되나요?',
      en: 'In what order are my points spent?',
      zh: '积分按什么顺序使用？',
      ja: 'ポイントはどの順番で使われますか？',
      es: '¿En qué orden se gastan mis puntos?',
    },
    answer: {
      ko: '보너스 포인트가 구매한 포인트보다 먼저 사용돼요. 같은 종류 안에서는 유효기간이 가장 빨리 끝나는 로트부터, 같으면 오래된 로트부터 사용돼요. 만료된 로트는 사용되지 않고, 잔액이 부족하면 아무것도 차감되지 않아요.',
      en: 'Bonus points are spent before purchased points. Within each kind, the lot that expires soonest goes first, then the oldest. An expired lot is never spent, and if your usable balance is short nothing is taken at all.',
      zh: '奖励积分先于购买的积分使用。同一类别中，有效期最早结束的批次先用，相同时先用较早的批次。已过期的批次不会被使用；可用余额不足时不会扣除任何积分。',
      ja: 'ボーナスポイントが購入ポイントより先に使われます。同じ種類の中では有効期限が最も早いロットから、同じなら古いロットから使われます。失効したロットは使われず、残高が足りなければ何も差し引かれません。',
      es: 'Los puntos de bonificación se gastan antes que los comprados. Dentro de cada tipo, primero el lote que caduca antes y, a igualdad, el más antiguo. Un lote caducado nunca se gasta y, si el saldo disponible no alcanza, no se descuenta nada.',
    },
  },
  {
    category: 'FAQC003',
    question: {
      ko: '오렌지와 베리는 무엇이 다른가요?',
      en: 'What is the difference between Orange and Berry?',
      zh: '橙子和浆果有什么区别？',
      ja: 'オレンジとベリーの違いは何ですか？',
      es: '¿Qué diferencia hay entre Orange y Berry?',
    },
    answer: {
      ko: '오렌지는 돈으로 충전하는 포인트로 일반 프로젝트에 사용해요. 베리는 오렌지를 교환해서만 얻을 수 있고(1 오렌지 = 13 베리) 이벤트에 사용해요. 교환은 되돌릴 수 없어요.',
      en: 'Orange is bought with money and funds regular projects. Berry comes only from exchanging Orange (1 Orange = 13 Berry) and is used for events. An exchange cannot be undone.',
      zh: '橙子用钱充值，用于普通项目。浆果只能通过兑换橙子获得（1橙子 = 13浆果），用于活动。兑换后无法撤销。',
      ja: 'オレンジはお金でチャージし、通常のプロジェクトに使います。ベリーはオレンジを交換してのみ手に入り（1オレンジ＝13ベリー）、イベントに使います。交換は取り消せません。',
      es: 'Los Orange se compran con dinero y financian los proyectos normales. Las Berry solo se obtienen canjeando Orange (1 Orange = 13 Berry) y se usan en los eventos. Un canje no se puede deshacer.',
    },
  },
  {
    category: 'FAQC003',
    question: {
      ko: '포인트 유효기간은 얼마인가요?',
      en: 'How long are my points valid?',
      zh: '积分的有效期是多久？',
      ja: 'ポイントの有効期間はどのくらいですか？',
      es: '¿Cuánto tiempo son válidos mis puntos?',
    },
    answer: {
      ko: '구매한 오렌지는 충전일로부터 5년, 보너스 오렌지는 1년이에요. 베리는 교환일로부터 1년, 보너스 오렌지에서 온 베리는 6개월이에요. 마지막 유효일 23:59:59(한국 시간)에 만료되며, 30일 안에 만료될 포인트는 미리 알림으로 알려 드려요.',
      en: 'Purchased Orange is valid 5 years from the charge and bonus Orange 1 year. Berry is valid 1 year from the exchange, or 6 months when it came from bonus Orange. A lot expires at 23:59:59 KST on its last valid day, and you are notified of points expiring within 30 days.',
      zh: '购买的橙子自充值之日起有效5年，奖励橙子有效1年。浆果自兑换之日起有效1年，来自奖励橙子的浆果有效6个月。批次在最后有效日的23:59:59（韩国时间）过期，30天内将过期的积分会提前通知您。',
      ja: '購入したオレンジはチャージから5年、ボーナスオレンジは1年有効です。ベリーは交換から1年、ボーナスオレンジから交換したベリーは6か月です。最終有効日の23:59:59（韓国時間）に失効し、30日以内に失効するポイントは事前に通知でお知らせします。',
      es: 'Los Orange comprados valen 5 años desde la recarga y los de bonificación, 1 año. Las Berry valen 1 año desde el canje, o 6 meses si proceden de Orange de bonificación. Un lote caduca a las 23:59:59 (hora de Corea) de su último día válido, y te avisamos de los puntos que caducan en los próximos 30 días.',
    },
  },
  {
    category: 'FAQC003',
    question: {
      ko: '펀딩은 언제 마감되나요?',
      en: 'When does funding close?',
      zh: '众筹什么时候结束？',
      ja: 'ファンディングはいつ締め切られますか？',
      es: '¿Cuándo se cierra la financiación?',
    },
    answer: {
      ko: '펀딩 종료일 다음 날 00:00(한국 시간)에 마감돼요. 종료일은 광고 시작일 40일 전으로 정해져 있어요. 한정형 프로젝트는 목표에 도달하는 순간 바로 마감되고, 상시형은 종료일까지 계속되며 목표를 넘은 포인트는 추가 리워드가 돼요.',
      en: 'At 00:00 KST on the day after the funding end date, which is always 40 days before the ad starts. A limited project closes the moment its goal is reached; an ongoing one runs to the end, and anything above the goal becomes extra rewards.',
      zh: '在众筹截止日次日00:00（韩国时间）结束，截止日固定为广告开始前40天。限量型项目在达到目标时立即结束；常设型项目持续到截止日，超出目标的积分将成为额外奖励。',
      ja: 'ファンディング終了日の翌日00:00（韓国時間）に締め切られます。終了日は広告開始日の40日前に固定です。限定型は目標に達した瞬間に締め切られ、常時型は終了日まで続き、目標を超えた分は追加リワードになります。',
      es: 'A las 00:00 (hora de Corea) del día siguiente a la fecha de fin de la financiación, que siempre es 40 días antes del inicio del anuncio. Un proyecto limitado se cierra en cuanto alcanza su objetivo; uno continuo sigue hasta el final y lo que supere el objetivo se convierte en recompensas extra.',
    },
  },
  {
    category: 'FAQC004',
    question: {
      ko: '이벤트는 무엇이고 어떻게 참여하나요?',
      en: 'What are events and how do I join one?',
      zh: '什么是活动？如何参与？',
      ja: 'イベントとは何で、どうやって参加しますか？',
      es: '¿Qué son los eventos y cómo participo?',
    },
    answer: {
      ko: '이벤트는 운영팀이 만드는 프로젝트로 베리로 참여해요. 포인트 충전 화면의 교환 탭에서 오렌지를 베리로 바꾼 뒤(1 오렌지 = 13 베리) 프로젝트 목록의 이벤트 탭에서 참여하세요. 참여 한도와 마감은 일반 프로젝트와 같아요.',
      en: 'Events are projects our team creates, funded in Berry. Exchange Orange for Berry on the Exchange tab of Point charge (1 Orange = 13 Berry), then join from the Event tab of the project list. Limits and the close work as for regular projects.',
      zh: '活动是由运营团队创建、以浆果参与的项目。请先在积分充值页面的兑换标签中把橙子换成浆果（1橙子 = 13浆果），再在项目列表的活动标签中参与。参与上限和结束规则与普通项目相同。',
      ja: 'イベントは運営チームが作るプロジェクトで、ベリーで参加します。ポイントチャージの交換タブでオレンジをベリーに交換し（1オレンジ＝13ベリー）、プロジェクト一覧のイベントタブから参加してください。上限や締め切りは通常のプロジェクトと同じです。',
      es: 'Los eventos son proyectos que crea nuestro equipo y se financian con Berry. Canjea Orange por Berry en la pestaña Canje de Recargar puntos (1 Orange = 13 Berry) y participa desde la pestaña Evento de la lista de proyectos. Los límites y el cierre funcionan como en los proyectos normales.',
    },
  },
  {
    category: 'FAQC004',
    question: {
      ko: '이벤트가 달성되지 않으면 베리는 어떻게 되나요?',
      en: 'What happens to my Berry if an event is not achieved?',
      zh: '活动未达成时，浆果会怎样？',
      ja: 'イベントが達成されなかったらベリーはどうなりますか？',
      es: '¿Qué pasa con mis Berry si un evento no se logra?',
    },
    answer: {
      ko: '참여한 베리는 원래 로트로 돌아가고, 포인트 내역에 "이벤트 미달성"으로 표시돼요. 돌려받은 베리도 최소 30일의 유효기간이 보장돼요. 이벤트에 쓴 베리는 환불(현금 반환) 대상이 아니에요.',
      en: 'The Berry you put in goes back to its lots, shown in your point history as "event not achieved", with at least 30 days of validity. Berry spent in events is never refunded in money.',
      zh: '您投入的浆果会退回原批次，积分记录中显示为“活动未达成”，并保证至少30天有效期。在活动中使用的浆果不会退还现金。',
      ja: '参加したベリーは元のロットに戻り、ポイント履歴に「イベント未達成」と表示されます。戻ったベリーにも最低30日の有効期間が保証されます。イベントで使ったベリーは現金での払い戻し対象外です。',
      es: 'Las Berry que aportaste vuelven a sus lotes, con el motivo «evento no logrado» en tu historial y al menos 30 días de validez. Las Berry gastadas en eventos nunca se reembolsan en dinero.',
    },
  },
  {
    category: 'FAQC005',
    question: {
      ko: '회원 탈퇴하면 포인트는 어떻게 되나요?',
      en: 'What happens to my points if I delete my account?',
      zh: '注销账号后积分会怎样？',
      ja: '退会するとポイントはどうなりますか？',
      es: '¿Qué pasa con mis puntos si elimino mi cuenta?',
    },
    answer: {
      ko: '남은 포인트는 탈퇴와 함께 소멸되며, 탈퇴 전에 그 수량을 안내해 드려요. 내가 만든 프로젝트의 펀딩 기간이 끝나지 않았거나 결제가 처리 중이면 탈퇴할 수 없어요.',
      en: 'Your remaining points are forfeited with the account; you are told the amount before you confirm. Deletion is refused while a project you created is still in its funding period, or while one of your payments is being processed.',
      zh: '剩余积分会随账号注销而失效，确认前会告知您具体数量。若您创建的项目仍在众筹期间，或有付款正在处理中，则无法注销。',
      ja: '残りのポイントは退会とともに消滅します。確定する前にその数量をお知らせします。作成したプロジェクトのファンディング期間中や、決済の処理中は退会できません。',
      es: 'Los puntos que te queden se pierden con la cuenta; te indicamos la cantidad antes de confirmar. No se puede eliminar la cuenta mientras un proyecto que creaste siga en su periodo de financiación o mientras se procese uno de tus pagos.',
    },
  },
  {
    category: 'FAQC005',
    question: {
      ko: '1:1 문의는 어떻게 답변받나요?',
      en: 'How are my inquiries answered?',
      zh: '一对一咨询如何得到答复？',
      ja: '1:1お問い合わせへの回答はどう届きますか？',
      es: '¿Cómo se responden mis consultas?',
    },
    answer: {
      ko: '입력한 이메일로 답변을 보내 드리고, 앱 알림과 문의 내역에서도 확인할 수 있어요. 답변 메일은 밤에도 바로 발송돼요(야간 알림 동의는 홍보성 메일에만 적용돼요). 이미지는 20MB 이하로 5장까지 첨부할 수 있어요. 문의 내용은 3년, 첨부 이미지는 180일 동안 보관한 뒤 삭제돼요.',
      en: 'We reply to the email address you enter, and you can also read the answer in your notifications and your inquiry list. The answer mail leaves at once, at night too (the night-time consent only holds promotional mail). You can attach up to 5 images of up to 20 MB each. Inquiries are kept for 3 years and their images for 180 days, then deleted.',
      zh: '我们会将答复发送到您填写的邮箱，您也可以在通知和咨询记录中查看。答复邮件在夜间也会立即发送（夜间通知同意只适用于推广邮件）。最多可附加5张图片，每张不超过20MB。咨询内容保存3年，附件图片保存180天后删除。',
      ja: 'ご入力のメールアドレスに回答をお送りします。通知とお問い合わせ履歴でも確認できます。回答メールは夜間でもすぐに送られます（夜間通知の同意は宣伝メールにのみ適用されます）。画像は1枚20MBまで、5枚まで添付できます。お問い合わせ内容は3年、添付画像は180日保管した後に削除されます。',
      es: 'Respondemos a la dirección de correo que indiques, y también puedes leer la respuesta en tus notificaciones y en tu lista de consultas. El correo con la respuesta sale al momento, también de noche (el consentimiento nocturno solo afecta al correo promocional). Puedes adjuntar hasta 5 imágenes de hasta 20 MB cada una. Las consultas se guardan 3 años y sus imágenes 180 días; después se eliminan.',
    },
  },
];

/** Writes the seed FAQ when the table is empty (start-up and tests); operators' edits are never overwritten. */
export async function ensureFaqSeeded(db: DbOrTx, now: Date): Promise<void> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(faqEntries);
  if ((row?.count ?? 0) > 0) return;
  await db.insert(faqEntries).values(faqSeed.map((entry, position) => ({ ...entry, position, updatedAt: now })));
}
