import type { Language } from '@orchard/shared';

/**
 * What the demo makes (demo.ts writes it through the services): its fans, its projects at every
 * stage, the requests that stop before creation, the operator's event, fans' films and posts, and
 * what fans say under a project. Days are KST days relative to the day the demo loads (negative:
 * past). Artists and fans are referred to by their position in sampleArtists
 * (modules/artists/artists.sample-data.ts) and in demoFans.
 */

/** How far back the demo's clock starts: long enough for an ad to be funded, run and awarded. */
export const demoDays = 75;

/** Demo fans sign in with the development sign-in as `fan01` … `fan40` (the provider's test identity). */
export const demoFanSubject = (index: number) => `fan${String(index + 1).padStart(2, '0')}`;

export type DemoFan = { nickname: string; language: Language; follows: number[] };

const fan = (nickname: string, language: Language, ...follows: number[]): DemoFan => ({ nickname, language, follows });

/** Artist indices: 0 LUMINA, 1 Stella Nova, 2 Orange Blossom, 3 Blue Harbor, 4 ECLIPSE, 5 Seo Hayun, 6 Kang Rio, 7 Marisol, 8 Aira, 9 Yunseul, 10 Joël Vega, 11 Hanbyeol. */
export const demoFans: DemoFan[] = [
  fan('하린바라기', 'ko', 0),
  fan('루미나등대', 'ko', 0, 5),
  fan('소율이네', 'ko', 0),
  fan('별빛준우', 'ko', 1),
  fan('스텔라노트', 'ko', 1, 9),
  fan('태오의하루', 'ko', 1),
  fan('꽃잎채원', 'ko', 2),
  fan('미소천사', 'ko', 2, 11),
  fan('블루항구', 'ko', 3),
  fan('도윤이꺼', 'ko', 3, 6),
  fan('이클립스_레오', 'ko', 4),
  fan('산들바람산', 'ko', 4),
  fan('하윤의봄', 'ko', 5),
  fan('리오리오', 'ko', 6),
  fan('윤슬빛', 'ko', 9),
  fan('한별하나', 'ko', 11),
  fan('예나랑', 'ko', 0, 2),
  fan('다온다온', 'ko', 0),
  fan('시안블루', 'ko', 1),
  fan('은호월드', 'ko', 1, 4),
  fan('나래펴자', 'ko', 2),
  fan('현이생각', 'ko', 3),
  fan('유노유노', 'ko', 4),
  fan('아이라빛', 'ko', 8),
  fan('ルミナ推し', 'ja', 0),
  fan('ステラ担', 'ja', 1),
  fan('ハユンちゃん', 'ja', 5),
  fan('アイラ応援団', 'ja', 8),
  fan('ジェイ推し', 'ja', 4),
  fan('オレブロ好き', 'ja', 2),
  fan('harin_daily', 'en', 0),
  fan('stellanova.fan', 'en', 1),
  fan('marisol_moon', 'en', 7),
  fan('vega_nights', 'en', 10),
  fan('星辰小宇', 'zh', 1),
  fan('流明娜娜', 'zh', 0),
  fan('润瑟之光', 'zh', 9),
  fan('azahar_fan', 'es', 2, 7),
  fan('joelvega_mx', 'es', 10),
  fan('marisol.ar', 'es', 7),
];

type Outcome = 'awarded' | 'running' | 'succeeded' | 'failed' | 'funding' | 'created' | 'event';

/**
 * One demo project. Days are KST days relative to today (negative: past). `fundingEnd` fixes the
 * ad start (40 days later, docs/product.md#ad-dates); `request` is when the fan asked, approved
 * the next day and created that evening; `fundingStart` defaults to the creation day.
 */
export type DemoProject = {
  artist: number;
  creator: number;
  language: Language;
  title: string;
  introduction: string;
  poster: [headline: string, subline: string];
  purpose: 'limited' | 'ongoing';
  packageId: 'basic' | 'premium' | 'prestige';
  /** Media by the start of their English name, with a duration each. */
  media: [name: string, duration: number][];
  unit: number;
  outcome: Outcome;
  request: number;
  fundingEnd: number;
  fundingStart?: number;
  /** Raised at the end as a share of the goal (≥ 1 for the outcomes that succeed). */
  progress: number;
  backers: number;
};

/** Requests that stop before creation: one waits for the operator, one was rejected, one is approved and not yet created. */
export type DemoRequest = Omit<DemoProject, 'title' | 'introduction' | 'poster' | 'unit' | 'progress' | 'backers' | 'outcome'> & {
  outcome: 'requested' | 'rejected' | 'approved';
  reason?: string;
};

export const demoProjects: DemoProject[] = [
  // Awarded: funded, run and photographed.
  {
    artist: 0, creator: 0, language: 'ko', outcome: 'awarded', request: -75, fundingEnd: -63, progress: 1, backers: 14,
    title: '하린이 생일 축하해! 강남역 대합실 조명광고',
    introduction: '3월 14일, 루미나 하린이의 생일을 맞아 강남역 대합실에 조명광고를 걸어요.\n퇴근길에 하린이 얼굴 보고 웃을 수 있도록, 일주일 동안 환하게 밝혀 둘게요.\n시안은 팬분들 투표로 정했고, 모금액은 전부 광고비로만 사용합니다.',
    poster: ['Happy Harin Day', 'LUMINA · 03.14'],
    purpose: 'limited', packageId: 'basic', media: [['Gangnam Station · concourse light box', 7]], unit: 10,
  },
  {
    artist: 1, creator: 25, language: 'ja', outcome: 'awarded', request: -74, fundingEnd: -62, progress: 1.1, backers: 12,
    title: 'ステラ・ノヴァ デビュー5周年記念 弘大入口駅広告',
    introduction: 'ステラ・ノヴァのデビュー5周年を、日本のファンからもお祝いしたくて企画しました。\n弘大入口駅の出口に1週間、5人の笑顔いっぱいのポスターを掲出します。\n韓国に行ける方はぜひ認証ショットを撮ってきてください！',
    poster: ['Stella Nova 5th Anniversary', 'Since debut day'],
    purpose: 'ongoing', packageId: 'basic', media: [['Hongik Univ. Station · exit wall poster', 7]], unit: 10,
  },
  {
    artist: 4, creator: 10, language: 'ko', outcome: 'awarded', request: -72, fundingEnd: -60, progress: 1.18, backers: 16,
    title: '이클립스 정규 2집 컴백 기념 시내버스 광고',
    introduction: '이클립스 정규 2집 컴백을 축하하며 강남대로와 신촌을 달리는 시내버스에 광고를 붙입니다.\n음방 1위 가는 길, 서울 곳곳에서 이클립스를 만날 수 있게 해 주세요!\n목표를 넘는 금액은 추가 리워드(컵홀더 이벤트)에 쓸게요.',
    poster: ['ECLIPSE is back', 'The 2nd album'],
    purpose: 'ongoing', packageId: 'basic', media: [['Gangnam-daero · city bus', 7], ['Sinchon Station · city bus', 7]], unit: 10,
  },
  {
    artist: 2, creator: 37, language: 'es', outcome: 'awarded', request: -70, fundingEnd: -58, progress: 1, backers: 11,
    title: 'Orange Blossom: 2.º aniversario en la estación de Sinchon',
    introduction: '¡Orange Blossom cumple dos años desde su debut! Desde el fanclub latino queremos celebrarlo con una caja de luz en la estación de Sinchon durante una semana.\nCada aporte suma: cuando lleguemos a la meta, compartiremos las fotos del anuncio aquí mismo.',
    poster: ['Orange Blossom 2nd Anniversary', 'From Latin America'],
    purpose: 'limited', packageId: 'basic', media: [['Sinchon Station · concourse light box', 7]], unit: 10,
  },
  {
    artist: 6, creator: 13, language: 'ko', outcome: 'awarded', request: -68, fundingEnd: -56, progress: 1.3, backers: 10,
    title: '강리오 생일 기념 서울 택시 표시등 광고',
    introduction: '리오의 생일 주간, 서울 시내를 달리는 택시 20대에 생일 축하 문구를 띄웁니다.\n택시 타다가 리오 이름 보면 꼭 인증해 주세요 🚕\n모금이 목표를 넘으면 남는 금액은 생일 카페 이벤트에 보탤게요.',
    poster: ['Happy Birthday Rio', 'Seoul taxi week'],
    purpose: 'ongoing', packageId: 'basic', media: [['Central Seoul · taxi roof-sign', 7]], unit: 10,
  },
  // Running: the ad started; photos not posted yet.
  {
    artist: 3, creator: 8, language: 'ko', outcome: 'running', request: -53, fundingEnd: -41, progress: 1.06, backers: 9,
    title: '블루 하버 데뷔 3주년 여의도역 조명광고',
    introduction: '도윤이와 현이의 데뷔 3주년! 여의도역 대합실에 일주일 동안 축하 광고를 겁니다.\n두 사람이 처음 버스킹했던 한강 근처라서 의미가 있는 자리예요.\n광고 기간 중에 인증샷 이벤트도 열 예정입니다.',
    poster: ['Blue Harbor 3rd Anniversary', 'Doyun & Hyun'],
    purpose: 'ongoing', packageId: 'basic', media: [['Yeouido Station · concourse light box', 7]], unit: 10,
  },
  {
    artist: 8, creator: 27, language: 'ja', outcome: 'running', request: -55, fundingEnd: -42, progress: 1, backers: 8,
    title: 'アイラ誕生日記念 蚕室駅デジタル広告',
    introduction: 'アイラちゃんのお誕生日をお祝いして、蚕室駅の乗換通路のデジタルサイネージに応援広告を流します。\nコンサート会場の最寄り駅なので、たくさんの人に見てもらえるはず！\nご参加いただいた方のお名前は、応援メッセージカードに載せてお届けします。',
    poster: ['Happy Aira Day', 'Jamsil station'],
    purpose: 'limited', packageId: 'basic', media: [['Jamsil Station · transfer passage', 7]], unit: 10,
  },
  {
    artist: 11, creator: 15, language: 'ko', outcome: 'running', request: -50, fundingEnd: -40, progress: 1.2, backers: 7,
    title: '한별 솔로 데뷔 1주년 홍대 가로등 배너',
    introduction: '한별이의 솔로 데뷔 1주년을 축하하며 홍대 걷고싶은거리 가로등에 배너를 겁니다.\n첫 버스킹을 했던 그 거리에서, 이번엔 팬들이 한별이를 응원할 차례예요.\n배너 디자인은 팬 공모로 정했습니다.',
    poster: ['Hanbyeol Solo 1st Anniversary', 'Hongdae street'],
    purpose: 'ongoing', packageId: 'basic', media: [['Hongdae Walking Street · street-lamp banners', 7]], unit: 10,
  },
  // Succeeded: funded; the ad has not started.
  {
    artist: 0, creator: 2, language: 'ko', outcome: 'succeeded', request: -35, fundingEnd: -20, progress: 1.12, backers: 13,
    title: '소율이 생일 명동역 스크린도어 광고',
    introduction: '소율이의 생일을 맞아 명동역 승강장 스크린도어에 생일 광고를 엽니다.\n무대 위 소율이의 반짝이는 순간들을 모아 시안을 만들었어요.\n광고가 걸리면 현장 사진과 함께 소식 전할게요!',
    poster: ['Happy Soyul Day', 'LUMINA · Myeongdong'],
    purpose: 'ongoing', packageId: 'basic', media: [['Myeongdong Station · platform screen-door', 7]], unit: 10,
  },
  {
    artist: 1, creator: 34, language: 'zh', outcome: 'succeeded', request: -16, fundingEnd: 6, progress: 1, backers: 12,
    title: '俊宇生日快乐｜江南站屏蔽门应援广告',
    introduction: '为庆祝星辰新星俊宇的生日，我们将在江南站站台屏蔽门投放为期一周的生日应援广告。\n海报由中国站美工精心设计，达成目标后立即锁定档期。\n感谢每一位参与的星星，生日当天我们江南站见！',
    poster: ['Happy Junwoo Day', 'Stella Nova'],
    purpose: 'limited', packageId: 'basic', media: [['Gangnam Station · platform screen-door', 7]], unit: 10,
  },
  {
    artist: 7, creator: 32, language: 'en', outcome: 'succeeded', request: -25, fundingEnd: -9, progress: 1.05, backers: 10,
    title: "Marisol's first Korean album — Seongsu Station poster",
    introduction: "Marisol is releasing her first Korean-language album, and we want Seoul to know!\nThis project puts a big exit-wall poster in Seongsu Station for a week, right next to the café streets she loves.\nAnything above the goal goes to a second week or a coffee truck for her team.",
    poster: ['Marisol', 'First Korean album'],
    purpose: 'ongoing', packageId: 'basic', media: [['Seongsu Station · exit wall poster', 7]], unit: 10,
  },
  {
    artist: 4, creator: 22, language: 'ko', outcome: 'succeeded', request: -20, fundingEnd: -5, progress: 1, backers: 11,
    title: '레오 생일 축하 잠실 쇼핑몰 아트리움 스크린',
    introduction: '이클립스 리더 레오의 생일을 맞아 잠실 쇼핑몰 아트리움 대형 스크린에 15초 영상 광고를 송출합니다.\n멤버들이 직접 고른 레오의 명장면으로 영상을 만들었어요.\n팬 사인회 다음 날이라 많은 분들이 보실 수 있을 거예요!',
    poster: ['Happy Leo Day', 'ECLIPSE leader'],
    purpose: 'limited', packageId: 'premium', media: [['Jamsil shopping mall · atrium', 15]], unit: 50,
  },
  // Failed: the goal was not reached; everything was returned.
  {
    artist: 10, creator: 38, language: 'es', outcome: 'failed', request: -26, fundingEnd: -12, progress: 0.46, backers: 6,
    title: 'Joël Vega en Seúl: pantalla en la estación de Hongdae',
    introduction: 'Joël Vega viene a Seúl por primera vez para su fan meeting y queremos recibirlo con un video de 15 segundos en el pasillo de transbordo de la estación Hongik Univ.\nSi no llegamos a la meta, todos los puntos vuelven a sus dueños.',
    poster: ['Bienvenido Joël', 'Seoul fan meeting'],
    purpose: 'limited', packageId: 'basic', media: [['Hongik Univ. Station · transfer passage', 15]], unit: 10,
  },
  {
    artist: 9, creator: 36, language: 'zh', outcome: 'failed', request: -22, fundingEnd: -6, progress: 0.38, backers: 6,
    title: '润瑟出道纪念日·三成站灯箱应援',
    introduction: '为纪念润瑟出道，我们计划在三成站大厅投放一周的灯箱广告。\n这是我们中国粉丝站第一次尝试应援广告，希望大家多多支持！\n如果未能达成目标，所有积分都会原路退回。',
    poster: ['Yunseul Debut Day', 'Samseong station'],
    purpose: 'ongoing', packageId: 'basic', media: [['Samseong Station · concourse light box', 7]], unit: 10,
  },
  {
    artist: 2, creator: 7, language: 'ko', outcome: 'failed', request: -30, fundingEnd: -15, progress: 0.57, backers: 9,
    title: '미소 생일 기념 DDP 외벽 현수막',
    introduction: '오렌지 블라썸 미소의 생일을 맞아 동대문디자인플라자 외벽에 대형 현수막을 거는 프로젝트입니다.\n규모가 큰 만큼 목표 금액도 높아요. 목표에 못 미치면 모든 포인트는 자동으로 돌려드립니다.',
    poster: ['Happy Miso Day', 'Orange Blossom · DDP'],
    purpose: 'limited', packageId: 'premium', media: [['Dongdaemun Design Plaza · exterior wall banner', 7]], unit: 50,
  },
  // Funding now: some close within a day or two, others in weeks.
  {
    artist: 0, creator: 16, language: 'ko', outcome: 'funding', request: -12, fundingEnd: 1, progress: 0.86, backers: 11,
    title: '예나 생일 축하 신촌역 라이트박스',
    introduction: '루미나 예나의 생일 서포트예요! 신촌역 대합실 라이트박스에 일주일 동안 생일 광고를 겁니다.\n마감이 얼마 남지 않았어요. 조금만 더 힘을 모아 주세요 🧡',
    poster: ['Happy Yena Day', 'LUMINA · Sinchon'],
    purpose: 'limited', packageId: 'basic', media: [['Sinchon Station · concourse light box', 7]], unit: 10,
  },
  {
    artist: 1, creator: 18, language: 'ko', outcome: 'funding', request: -10, fundingEnd: 2, progress: 0.72, backers: 8,
    title: '시안이 생일 서포트 송도 가로등 배너',
    introduction: '스텔라 노바 시안이의 생일을 맞아 송도 센트럴파크 가로등에 생일 배너를 겁니다.\n시안이가 좋아하는 공원 산책길이라 더 뜻깊은 자리예요.',
    poster: ['Happy Sian Day', 'Stella Nova · Songdo'],
    purpose: 'ongoing', packageId: 'basic', media: [['Songdo Central Park · street-lamp banners', 7]], unit: 10,
  },
  {
    artist: 4, creator: 28, language: 'ja', outcome: 'funding', request: -14, fundingEnd: 10, progress: 0.41, backers: 9,
    title: 'ECLIPSE初単独コンサート記念 明洞LEDビジョン',
    introduction: 'ECLIPSE初の単独コンサート開催を記念して、明洞の屋外LEDビジョンに15秒の応援映像を流します。\n日本のファンの力でソウルの真ん中をECLIPSEカラーに染めましょう！',
    poster: ['ECLIPSE First Concert', 'Myeongdong LED'],
    purpose: 'ongoing', packageId: 'premium', media: [['Myeongdong Street · outdoor LED', 15]], unit: 50,
  },
  {
    artist: 5, creator: 12, language: 'ko', outcome: 'funding', request: -8, fundingEnd: 25, progress: 0.25, backers: 12,
    title: '서하윤 첫 단독 콘서트 기념 코엑스 전광판',
    introduction: '하윤이의 첫 단독 콘서트를 축하하며 코엑스 옥외 LED 전광판에 15초 영상을 띄우려고 해요.\n큰 목표지만 기간이 넉넉하니 천천히 함께 채워 가요.\n영상 시안은 참여자 투표로 최종 결정합니다.',
    poster: ['Seo Hayun', 'First solo concert'],
    purpose: 'ongoing', packageId: 'premium', media: [['COEX · outdoor LED', 15]], unit: 100,
  },
  {
    artist: 0, creator: 30, language: 'en', outcome: 'funding', request: -11, fundingEnd: 14, progress: 0.55, backers: 10,
    title: 'LUMINA 4th Anniversary — Hongdae LED Screen',
    introduction: "Four years of LUMINA! Let's light up the outdoor LED screen on Hongdae's main street with a 15-second anniversary video.\nInternational fans are welcome: every bit helps, and you'll get the final video file when the campaign ends.",
    poster: ['LUMINA 4th Anniversary', 'Hongdae main street'],
    purpose: 'ongoing', packageId: 'premium', media: [['Hongdae main street · outdoor LED', 15]], unit: 50,
  },
  {
    artist: 3, creator: 21, language: 'ko', outcome: 'funding', request: -9, fundingEnd: 7, progress: 0.63, backers: 8,
    title: '현이 생일 축하 공항 리무진 버스 광고',
    introduction: '블루 하버 현이의 생일! 인천공항을 오가는 리무진 버스에 생일 광고를 붙여요.\n해외 스케줄이 많은 현이가 공항 가는 길에 꼭 봤으면 좋겠어요 ✈️',
    poster: ['Happy Hyun Day', 'Blue Harbor'],
    purpose: 'limited', packageId: 'basic', media: [['Incheon Airport Terminal 1 · airport limousine', 7]], unit: 10,
  },
  {
    artist: 6, creator: 9, language: 'ko', outcome: 'funding', request: -6, fundingEnd: 18, progress: 0.22, backers: 7,
    title: '강리오 미니 3집 컴백 서포트 강남역 스크린도어',
    introduction: '리오의 미니 3집 컴백을 응원하는 강남역 스크린도어 광고입니다.\n타이틀곡 가사 한 줄을 시안에 넣었어요. 컴백 주간 출퇴근길을 리오로 채워 봐요!',
    poster: ['Kang Rio comeback', 'Mini album vol.3'],
    purpose: 'ongoing', packageId: 'basic', media: [['Gangnam Station · platform screen-door', 7]], unit: 10,
  },
  {
    artist: 9, creator: 14, language: 'ko', outcome: 'funding', request: -13, fundingEnd: 4, progress: 0.91, backers: 10,
    title: '윤슬 데뷔 2주년 여의도역 조명광고',
    introduction: '윤슬이의 데뷔 2주년을 축하하는 여의도역 대합실 조명광고예요.\n목표까지 거의 다 왔어요! 마지막까지 함께해 주세요.',
    poster: ['Yunseul 2nd Anniversary', 'Yeouido station'],
    purpose: 'limited', packageId: 'basic', media: [['Yeouido Station · concourse light box', 7]], unit: 10,
  },
  {
    artist: 10, creator: 33, language: 'en', outcome: 'funding', request: -5, fundingEnd: 21, progress: 0.12, backers: 4,
    title: 'Joël Vega Jeju Fan Meeting — taxi roof signs',
    introduction: "Joël is holding a fan meeting in Jeju! Let's welcome him with roof signs on twenty Jeju City taxis for a week.\nSmall goal, big smiles: join with as little as 10 Orange.",
    poster: ['Welcome to Jeju Joel', 'Fan meeting week'],
    purpose: 'limited', packageId: 'basic', media: [['Jeju City · taxi roof-sign', 7]], unit: 10,
  },
  {
    artist: 2, creator: 37, language: 'es', outcome: 'funding', request: -4, fundingEnd: 30, progress: 0.18, backers: 6,
    title: '¡Feliz cumpleaños, Chaewon! Pantalla en el aeropuerto Gimpo',
    introduction: 'Chaewon cumple años justo cuando Orange Blossom vuelve de su gira. La recibiremos con un video de cumpleaños en la pantalla de llegadas del aeropuerto de Gimpo.\nTenemos un mes por delante: ¡invita a tus amigas del fandom!',
    poster: ['Feliz cumple Chaewon', 'Gimpo arrivals'],
    purpose: 'ongoing', packageId: 'prestige', media: [['Gimpo Airport domestic terminal · arrivals digital', 15]], unit: 50,
  },
  {
    artist: 1, creator: 19, language: 'ko', outcome: 'funding', request: -3, fundingEnd: 35, progress: 0.08, backers: 4,
    title: '은호 생일 기념 성수동 미디어폴',
    introduction: '스텔라 노바 막내 은호의 생일 기념 성수동 카페거리 미디어폴 광고입니다.\n2주 동안 은호의 사진들이 거리를 채울 예정이에요. 이제 막 시작했으니 많은 관심 부탁드려요!',
    poster: ['Happy Eunho Day', 'Seongsu media poles'],
    purpose: 'ongoing', packageId: 'premium', media: [['Seongsu-dong café street · media poles', 14]], unit: 10,
  },
  {
    artist: 0, creator: 35, language: 'zh', outcome: 'funding', request: -7, fundingEnd: 12, progress: 0.47, backers: 7,
    title: '流明娜出道四周年·弘大应援横幅',
    introduction: '流明娜出道四周年啦！中国粉丝站将在弘大步行街的路灯上挂起一周的应援横幅。\n每一份心意都会被看见，一起为四位女孩加油吧！',
    poster: ['LUMINA 4 Years', 'From China with love'],
    purpose: 'ongoing', packageId: 'basic', media: [['Hongdae Walking Street · street-lamp banners', 7]], unit: 10,
  },
  // Created: funding opens in a few days.
  {
    artist: 0, creator: 17, language: 'ko', outcome: 'created', request: -3, fundingStart: 3, fundingEnd: 28, progress: 0, backers: 0,
    title: '다온이 생일 기념 김포공항 출발장 광고',
    introduction: '다온이의 생일을 맞아 김포공항 국내선 출발장 조명광고를 준비했어요.\n모금은 3일 뒤에 시작합니다. 알림 켜 두고 함께해 주세요!',
    poster: ['Happy Daon Day', 'LUMINA · Gimpo'],
    purpose: 'limited', packageId: 'prestige', media: [['Gimpo Airport domestic terminal · departures light box', 7]], unit: 10,
  },
  {
    artist: 4, creator: 28, language: 'ja', outcome: 'created', request: -2, fundingStart: 5, fundingEnd: 40, progress: 0, backers: 0,
    title: 'ジェイ誕生日記念 仁川空港到着ロビー広告',
    introduction: 'ジェイくんのお誕生日に、仁川空港第1ターミナルの到着ロビーで15秒の応援映像を流します。\n募集は5日後から。日本からの遠征組の皆さん、空港で会いましょう！',
    poster: ['Happy Jay Day', 'Incheon arrivals'],
    purpose: 'ongoing', packageId: 'prestige', media: [['Incheon Airport Terminal 1 · arrival hall digital', 15]], unit: 100,
  },
];

/** The operator's Berry event (docs/product.md#events). */
export const demoEvent: DemoProject = {
  artist: 1, creator: -1, language: 'ko', outcome: 'event', request: -6, fundingEnd: 12, progress: 0.48, backers: 9,
  title: '[오차드 이벤트] 스텔라 노바 팬미팅 기념 베리 서포트',
  introduction: '오차드가 준비한 베리 이벤트! 스텔라 노바 팬미팅을 기념해 홍대 걷고싶은거리 가로등 배너를 겁니다.\n오렌지를 베리로 교환해 참여할 수 있어요. 목표에 못 미치면 베리는 모두 돌려드립니다.',
  poster: ['Stella Nova Fan Meeting', 'Orchard Berry event'],
  purpose: 'ongoing', packageId: 'basic', media: [['Hongdae Walking Street · street-lamp banners', 7]], unit: 130,
};

export const demoRequests: DemoRequest[] = [
  { artist: 9, creator: 4, language: 'ko', outcome: 'requested', request: -1, fundingEnd: 20, purpose: 'ongoing', packageId: 'basic', media: [['Sinchon Station · concourse light box', 7]] },
  {
    artist: 4, creator: 11, language: 'ko', outcome: 'rejected', request: -9, fundingEnd: 15, purpose: 'limited', packageId: 'premium', media: [['Gangnam Station crossing · outdoor LED', 30]],
    reason: '요청하신 기간에는 강남역 사거리 전광판의 재고가 없습니다. 다른 날짜로 다시 신청해 주세요.',
  },
  { artist: 8, creator: 23, language: 'ko', outcome: 'approved', request: -2, fundingEnd: 24, purpose: 'limited', packageId: 'basic', media: [['Jamsil Station · transfer passage', 7]] },
];

/**
 * Films fans posted after seeing an ad they took part in (docs/product.md#films). YouTube links:
 * nothing is stored or fetched for them (the web draws their frame in the artist's colour and
 * loads the player only on a tap); the video ids are made up, of the right shape.
 */
export type DemoFilm = {
  /** The ad, by its position in demoProjects: the film is about its artist. */
  project: number;
  author: number;
  /** Days after the ad started, and the hour (KST). */
  afterStart: number;
  hour: number;
  title: string;
  youtubeId: string;
  likes: number;
  comments: [fan: number, body: string][];
};

export const demoFilms: DemoFilm[] = [
  {
    project: 0, author: 30, afterStart: 1, hour: 22, youtubeId: 'Lm4xQ2pT8vA', likes: 6,
    title: "Harin's birthday light box at Gangnam Station — rush hour walk-by 🎂",
    comments: [[1, '영상 너무 좋아요! 저도 퇴근길에 보고 왔어요 🧡'], [24, '現地の雰囲気が伝わってきます…ありがとうございます！']],
  },
  {
    project: 1, author: 4, afterStart: 2, hour: 21, youtubeId: 'r7Kd0ZbW3sE', likes: 5,
    title: '스텔라 노바 5주년 홍대입구역 광고 보고 왔어요 ✨',
    comments: [[25, '素敵な動画ありがとうございます！日本から見られて嬉しいです😭']],
  },
  { project: 2, author: 28, afterStart: 3, hour: 20, youtubeId: 'Hq2nV9cX1uY', likes: 4, title: 'ECLIPSEバス広告を追いかけた一日 🚌 江南大路〜新村', comments: [] },
  {
    project: 3, author: 37, afterStart: 1, hour: 19, youtubeId: 'tB6wJ0mP4gA', likes: 4,
    title: 'Así brilla nuestra caja de luz en Sinchon 🧡',
    comments: [[6, '라틴 팬분들 최고예요! 영상 고마워요']],
  },
  { project: 4, author: 9, afterStart: 2, hour: 23, youtubeId: 'Zk3sF8yR2dQ', likes: 3, title: '리오 생일 택시 잡았다 🚕 표시등 광고 직캠', comments: [[13, '헉 진짜 잡으셨네요ㅋㅋㅋ 부러워요']] },
  { project: 5, author: 21, afterStart: 0, hour: 21, youtubeId: 'vN5pL1hT7eC', likes: 2, title: '여의도역 블루 하버 3주년 조명광고, 첫날 풍경', comments: [] },
  { project: 6, author: 23, afterStart: 1, hour: 20, youtubeId: 'Xc9aW4kM0jB', likes: 2, title: '잠실역 환승통로 아이라 생일 광고 🎂 퇴근길 브이로그', comments: [] },
  { project: 7, author: 7, afterStart: 0, hour: 8, youtubeId: 'pG2rD6nS8fU', likes: 1, title: '홍대 걷고싶은거리 한별 배너, 아침 산책하며 찍었어요 ☀️', comments: [] },
];

/** Fans' posts in the artists' communities (docs/product.md#community), text only, in their own language. */
export type DemoPost = { artist: number; author: number; day: number; hour: number; text: string; likes: number; comments: [fan: number, body: string][] };

export const demoPosts: DemoPost[] = [
  // LUMINA
  {
    artist: 0, author: 1, day: -12, hour: 23, likes: 6,
    text: '어제 음악방송 사녹 다녀왔어요! 하린이 컨디션 최고였고 소율이 애드리브 미쳤어요 😭\n다음 주 팬사인회 가시는 분들 같이 컵홀더 나눔해요 🧡',
    comments: [[17, '사녹 부러워요… 후기 감사합니다!'], [30, 'Thanks for the report! Sending love from overseas 💛']],
  },
  {
    artist: 0, author: 30, day: -5, hour: 11, likes: 4,
    text: "First time joining a Korean ad project and I'm so happy the Gangnam one went through. Does anyone know if the Sinchon light box for Yena is near exit 2? Planning my trip around it 🙏",
    comments: [[16, '2번 출구 쪽 대합실이에요! 오시면 꼭 인증샷 남겨 주세요 😊']],
  },
  { artist: 0, author: 2, day: -2, hour: 20, likes: 5, text: '소율이 명동역 스크린도어 광고 시안 최종본 나왔어요!\n광고 시작하면 주말마다 사진 정리해서 올릴게요. 조금만 기다려 주세요 ✨', comments: [] },
  // Stella Nova
  {
    artist: 1, author: 3, day: -5, hour: 22, likes: 5,
    text: '팬미팅 티켓팅 성공하신 분? 저는 광탈했어요… 😇\n대신 베리 이벤트 가로등 배너라도 보러 갈 거예요',
    comments: [[18, '저도 광탈… 취소표 나오면 여기 공유해요'], [31, 'Same here 😭 the banner event is a nice consolation though']],
  },
  {
    artist: 1, author: 31, day: -2, hour: 9, likes: 6,
    text: "Junwoo's birthday screen-door ad at Gangnam is funded! Huge thanks to the Chinese fanbase for organising it. If anyone goes, please post photos here for the overseas fans 💙",
    comments: [[4, '광고 걸리면 제가 사진 많이 찍어서 올릴게요!']],
  },
  { artist: 1, author: 25, day: -3, hour: 21, likes: 4, text: '5周年広告の写真をアルバムにまとめました。参加してくださった皆さん、本当にありがとうございました！次はカムバックで会いましょう', comments: [] },
  // Orange Blossom
  {
    artist: 2, author: 6, day: -2, hour: 19, likes: 4,
    text: '미소 생일 현수막은 아쉽게 안 됐지만… 돌려받은 포인트로 채원이 공항 광고에 다시 참여했어요!\n이번엔 꼭 성공하자 🍊',
    comments: [[37, '¡Gracias por sumarte! Esta vez lo logramos 💛']],
  },
  { artist: 2, author: 20, day: -1, hour: 22, likes: 3, text: '오늘 라디오 들으신 분! 채원이가 팬들이 해준 광고 얘기하는데 울컥했어요 🥹', comments: [] },
  // Blue Harbor
  { artist: 3, author: 8, day: -9, hour: 18, likes: 2, text: '도윤이랑 현이 3주년 광고 곧 시작해요! 여의도역 가시는 분들, 대합실 기둥 쪽에서 찍으면 예쁘게 나와요 📸', comments: [[21, '주말에 갈게요! 꿀팁 감사해요']] },
  { artist: 3, author: 21, day: -2, hour: 23, likes: 2, text: '현이 생일 리무진 버스 광고 모금 중이에요. 공항 가는 길에 현이가 꼭 봤으면 좋겠다 ✈️ 조금씩이라도 함께해요', comments: [] },
  // ECLIPSE
  {
    artist: 4, author: 11, day: -12, hour: 20, likes: 5,
    text: '이클립스 첫 단콘 공지 떴다!!! 명동 LED 프로젝트도 벌써 열렸네요. 다들 일정 체크하세요 📅',
    comments: [[28, '日本からも参加します！一緒に頑張りましょう'], [22, '드디어 ㅠㅠ 레오 생일 광고랑 겹쳐서 내내 행복하겠다']],
  },
  { artist: 4, author: 22, day: -2, hour: 12, likes: 6, text: '레오 생일 아트리움 영상 광고 펀딩 성공했어요! 참여해 주신 분들 진짜 감사합니다 🙇\n송출 시간표 나오면 여기 바로 올릴게요.', comments: [] },
  // Marisol
  {
    artist: 7, author: 32, day: -8, hour: 10, likes: 2,
    text: "Marisol said in her live that she practises Korean every night for the album 🥹 The Seongsu poster is funded, so now we just wait for the ad week. Who's going?",
    comments: [[39, '¡Yo voy en diciembre! Les mando fotos 📸']],
  },
  {
    artist: 7, author: 39, day: -3, hour: 2, likes: 2,
    text: 'Ya tengo el pasaje para Seúl 🇰🇷 ¿Alguien sabe qué salida de la estación de Seongsu queda más cerca del póster? ¡Quiero la foto perfecta!',
    comments: [[32, 'I think it is the wall by exit 3! Have a great trip 💛']],
  },
  // Joël Vega
  { artist: 10, author: 38, day: -3, hour: 1, likes: 1, text: 'Lo de Hongdae no se dio, pero ya estamos con los taxis de Jeju 🚕 ¡Joël, te esperamos!', comments: [] },
];

export type Phase = 'funding' | 'after' | 'failed' | 'thanks';

/** What fans say under a project, in their own language. */
export const demoComments: Record<Language, Record<Phase, string[]>> = {
  ko: {
    funding: ['참여했어요! 꼭 성공했으면 좋겠다 🧡', '총대님 늘 감사해요. 소소하게 보탭니다', '광고 걸리면 인증샷 찍으러 갈게요!', '목표까지 얼마 안 남았어요, 다들 힘내요!', '생일 광고는 못 참지… 두 번째 참여 완료', '주변 팬분들한테도 공유했어요 📢'],
    after: ['실물 보고 왔어요. 사진보다 훨씬 예뻐요 😭', '다들 고생 많으셨어요! 인증샷 감사합니다', '출근길에 보고 하루 종일 기분 좋았어요', '덕분에 좋은 추억 생겼어요. 총대님 최고!'],
    failed: ['아쉽지만 다음에 꼭 다시 해봐요', '포인트 잘 돌려받았어요. 다음 프로젝트도 참여할게요!'],
    thanks: ['참여해 주신 모든 분들 감사합니다! 끝까지 잘 부탁드려요 🙇'],
  },
  ja: {
    funding: ['参加しました！成功しますように🙏', '主催さん、いつもありがとうございます', '韓国旅行のついでに見に行きたい…！', 'あと少し！みんなで頑張りましょう'],
    after: ['写真ありがとうございます！本当に素敵…', '現地で見てきました、感動しました😭'],
    failed: ['残念…また挑戦しましょう！'],
    thanks: ['ご参加くださった皆さま、本当にありがとうございます！最後までよろしくお願いします。'],
  },
  en: {
    funding: ["Just chipped in! Let's make this happen 💙", 'Thank you for organising this!', 'Shared it with my group chat, more fans coming', 'Almost there, everyone!'],
    after: ['The photos look amazing, thank you all!', 'Saw it in person today, it was so bright and pretty 😭'],
    failed: ["So close… let's try again next time."],
    thanks: ['Thank you to everyone who joined! Please keep sharing until the end.'],
  },
  zh: {
    funding: ['已参与！一定要成功呀✨', '感谢组织者的辛苦付出', '已经转发给身边的朋友了', '冲呀，离目标不远了！'],
    after: ['看到照片了，太好看了😭', '大家辛苦了！'],
    failed: ['有点可惜，下次再一起加油！'],
    thanks: ['感谢每一位参与的朋友！请继续帮忙转发～'],
  },
  es: {
    funding: ['¡Ya participé! Vamos que se puede 💛', 'Gracias por organizarlo', 'Lo compartí con el fanclub', '¡Falta poquito!'],
    after: ['¡Las fotos quedaron preciosas!', 'Qué emoción verlo en Seúl 😭'],
    failed: ['Qué pena… ¡la próxima lo logramos!'],
    thanks: ['¡Gracias a todas las personas que participaron! Sigamos compartiendo.'],
  },
};
