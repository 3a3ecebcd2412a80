import { sql } from 'drizzle-orm';
import type { MediaCreativeFormat, MediaPriceUnit, MediaSubCategoryCode } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { mediaSubCategoryRows } from './media.reference-data.ts';
import { media, type LocalizedParagraphs, type LocalizedText } from './media.table.ts';

/**
 * Sample media at real places in Seoul, Incheon, Gimpo and Jeju: the stations, terminals, streets
 * and coordinates are public facts; the operators, prices and policies are invented for Orchard.
 */
type Texts = [ko: string, en: string, zh: string, ja: string, es: string];
const t = ([ko, en, zh, ja, es]: Texts): LocalizedText => ({ ko, en, zh, ja, es });

const cities = {
  seoul: ['서울특별시', 'Seoul', '首尔特别市', 'ソウル特別市', 'Seúl'],
  incheon: ['인천광역시', 'Incheon', '仁川广域市', '仁川広域市', 'Incheon'],
  jeju: ['제주특별자치도 제주시', 'Jeju-si, Jeju', '济州特别自治道济州市', '済州特別自治道済州市', 'Jeju-si, Jeju'],
} satisfies Record<string, Texts>;

const districts = {
  gangnam: ['강남구', 'Gangnam-gu', '江南区', '江南区', 'Gangnam-gu'],
  mapo: ['마포구', 'Mapo-gu', '麻浦区', '麻浦区', 'Mapo-gu'],
  songpa: ['송파구', 'Songpa-gu', '松坡区', '松坡区', 'Songpa-gu'],
  yeongdeungpo: ['영등포구', 'Yeongdeungpo-gu', '永登浦区', '永登浦区', 'Yeongdeungpo-gu'],
  seongdong: ['성동구', 'Seongdong-gu', '城东区', '城東区', 'Seongdong-gu'],
  jung: ['중구', 'Jung-gu', '中区', '中区', 'Jung-gu'],
  gangseo: ['강서구', 'Gangseo-gu', '江西区', '江西区', 'Gangseo-gu'],
  yeonsu: ['연수구', 'Yeonsu-gu', '延寿区', '延寿区', 'Yeonsu-gu'],
  none: ['', '', '', '', ''],
} satisfies Record<string, Texts>;

const roads = {
  gangnamDaero: ['강남대로', 'Gangnam-daero', '江南大路', '江南大路', 'Gangnam-daero'],
  yanghwaRo: ['양화로', 'Yanghwa-ro', '杨花路', '楊花路', 'Yanghwa-ro'],
  hongikRo: ['홍익로', 'Hongik-ro', '弘益路', '弘益路', 'Hongik-ro'],
  yeongdongDaero: ['영동대로', 'Yeongdong-daero', '永东大路', '永東大路', 'Yeongdong-daero'],
  teheranRo: ['테헤란로', 'Teheran-ro', '德黑兰路', 'テヘラン路', 'Teheran-ro'],
  toegyeRo: ['퇴계로', 'Toegye-ro', '退溪路', '退渓路', 'Toegye-ro'],
  myeongdongGil: ['명동길', 'Myeongdong-gil', '明洞街', '明洞キル', 'Myeongdong-gil'],
  olympicRo: ['올림픽로', 'Olympic-ro', '奥林匹克路', 'オリンピック路', 'Olympic-ro'],
  yeouinaruRo: ['여의나루로', 'Yeouinaru-ro', '汝矣渡口路', 'ヨイナル路', 'Yeouinaru-ro'],
  gukjegeumyungRo: ['국제금융로', 'Gukjegeumyung-ro', '国际金融路', '国際金融路', 'Gukjegeumyung-ro'],
  achasanRo: ['아차산로', 'Achasan-ro', '峨嵯山路', '峨嵯山路', 'Achasan-ro'],
  yeonmujangGil: ['연무장길', 'Yeonmujang-gil', '练武场街', 'ヨンムジャン通り', 'Yeonmujang-gil'],
  sinchonRo: ['신촌로', 'Sinchon-ro', '新村路', '新村路', 'Sinchon-ro'],
  euljiRo: ['을지로', 'Eulji-ro', '乙支路', '乙支路', 'Eulji-ro'],
  apgujeongRo: ['압구정로', 'Apgujeong-ro', '狎鸥亭路', '狎鴎亭路', 'Apgujeong-ro'],
  sejongDaero: ['세종대로', 'Sejong-daero', '世宗大路', '世宗大路', 'Sejong-daero'],
  gonghangRo: ['공항로', 'Gonghang-ro', '机场路', '空港路', 'Gonghang-ro'],
  terminal2Daero: ['제2터미널대로', 'Je2teomineol-daero', '第二航站楼大路', '第2ターミナル大路', 'Je2teomineol-daero'],
  haneulGil: ['하늘길', 'Haneul-gil', '天空路', 'ハヌル通り', 'Haneul-gil'],
  convensiaDaero: ['컨벤시아대로', 'Convensia-daero', '会展大路', 'コンベンシア大路', 'Convensia-daero'],
  sindaeRo: ['신대로', 'Sindae-ro', '新大路', '新大路', 'Sindae-ro'],
  gwangyang9Gil: ['광양9길', 'Gwangyang 9-gil', '光阳9街', '光陽9キル', 'Gwangyang 9-gil'],
} satisfies Record<string, Texts>;

const undergroundWord: Texts = ['지하 ', ' (underground)', '地下', '地下', ' (subterráneo)'];

/** A Korean road address written the way each language writes it. */
function address(city: Texts, district: Texts, road: Texts, number: string, underground = false): LocalizedText {
  const [ko, en, zh, ja, es] = [0, 1, 2, 3, 4].map((i) => ({ city: city[i]!, district: district[i]!, road: road[i]!, under: underground ? undergroundWord[i]! : '' }));
  return {
    ko: [ko!.city, ko!.district, ko!.road, `${ko!.under}${number}`].filter(Boolean).join(' '),
    en: [`${number} ${en!.road}${en!.under}`, en!.district, en!.city].filter(Boolean).join(', '),
    zh: `${zh!.city}${zh!.district}${zh!.road}${zh!.under}${number}`,
    ja: `${ja!.city}${ja!.district}${ja!.road}${ja!.under}${number}`,
    es: [`${es!.road} ${number}${es!.under}`, es!.district, es!.city].filter(Boolean).join(', '),
  };
}

type Place = { name: Texts; address: LocalizedText; latitude: number; longitude: number };
const place = (name: Texts, where: LocalizedText, latitude: number, longitude: number): Place => ({ name, address: where, latitude, longitude });

const places = {
  gangnamStation: place(['강남역', 'Gangnam Station', '江南站', '江南駅', 'Estación de Gangnam'], address(cities.seoul, districts.gangnam, roads.gangnamDaero, '396', true), 37.49795, 127.02763),
  gangnamCrossing: place(['강남역 사거리', 'Gangnam Station crossing', '江南站十字路口', '江南駅交差点', 'Cruce de la estación de Gangnam'], address(cities.seoul, districts.gangnam, roads.gangnamDaero, '438'), 37.50105, 127.02622),
  gangnamDaero: place(['강남대로', 'Gangnam-daero', '江南大路', '江南大路', 'Gangnam-daero'], address(cities.seoul, districts.gangnam, roads.gangnamDaero, '402'), 37.49858, 127.02810),
  hongikStation: place(['홍대입구역', 'Hongik Univ. Station', '弘大入口站', '弘大入口駅', 'Estación Universidad Hongik'], address(cities.seoul, districts.mapo, roads.yanghwaRo, '160', true), 37.55713, 126.92453),
  hongdaeStreet: place(['홍대 앞 거리', 'Hongdae main street', '弘大街', '弘大通り', 'Calle principal de Hongdae'], address(cities.seoul, districts.mapo, roads.yanghwaRo, '153'), 37.55599, 126.92307),
  hongdaeWalkingStreet: place(['홍대 걷고싶은거리', 'Hongdae Walking Street', '弘大步行街', '弘大歩きたい通り', 'Calle peatonal de Hongdae'], address(cities.seoul, districts.mapo, roads.hongikRo, '10'), 37.55419, 126.92266),
  coex: place(['코엑스', 'COEX', 'COEX', 'COEX', 'COEX'], address(cities.seoul, districts.gangnam, roads.yeongdongDaero, '513'), 37.51161, 127.05902),
  samseongStation: place(['삼성역', 'Samseong Station', '三成站', '三成駅', 'Estación de Samseong'], address(cities.seoul, districts.gangnam, roads.teheranRo, '538', true), 37.50887, 127.0632),
  myeongdongStation: place(['명동역', 'Myeongdong Station', '明洞站', '明洞駅', 'Estación de Myeongdong'], address(cities.seoul, districts.jung, roads.toegyeRo, '126', true), 37.56097, 126.98636),
  myeongdongStreet: place(['명동 거리', 'Myeongdong Street', '明洞大街', '明洞通り', 'Calle de Myeongdong'], address(cities.seoul, districts.jung, roads.myeongdongGil, '14'), 37.56363, 126.98496),
  jamsilStation: place(['잠실역', 'Jamsil Station', '蚕室站', '蚕室駅', 'Estación de Jamsil'], address(cities.seoul, districts.songpa, roads.olympicRo, '265', true), 37.51326, 127.10013),
  jamsilMall: place(['잠실 쇼핑몰', 'Jamsil shopping mall', '蚕室购物中心', '蚕室ショッピングモール', 'Centro comercial de Jamsil'], address(cities.seoul, districts.songpa, roads.olympicRo, '300'), 37.51317, 127.10412),
  yeouidoStation: place(['여의도역', 'Yeouido Station', '汝矣岛站', '汝矣島駅', 'Estación de Yeouido'], address(cities.seoul, districts.yeongdeungpo, roads.yeouinaruRo, '40', true), 37.5216, 126.9242),
  yeouidoMall: place(['여의도 쇼핑몰', 'Yeouido shopping mall', '汝矣岛购物中心', '汝矣島ショッピングモール', 'Centro comercial de Yeouido'], address(cities.seoul, districts.yeongdeungpo, roads.gukjegeumyungRo, '10'), 37.5253, 126.9257),
  yeouidoFinance: place(['여의도 금융가', 'Yeouido financial district', '汝矣岛金融街', '汝矣島金融街', 'Distrito financiero de Yeouido'], address(cities.seoul, districts.yeongdeungpo, roads.gukjegeumyungRo, '2'), 37.52395, 126.92555),
  seongsuStation: place(['성수역', 'Seongsu Station', '圣水站', '聖水駅', 'Estación de Seongsu'], address(cities.seoul, districts.seongdong, roads.achasanRo, '100', true), 37.54456, 127.05597),
  seongsuCafeStreet: place(['성수동 카페거리', 'Seongsu-dong café street', '圣水洞咖啡街', '聖水洞カフェ通り', 'Calle de cafés de Seongsu-dong'], address(cities.seoul, districts.seongdong, roads.yeonmujangGil, '41'), 37.54278, 127.05594),
  sinchonStation: place(['신촌역', 'Sinchon Station', '新村站', '新村駅', 'Estación de Sinchon'], address(cities.seoul, districts.mapo, roads.sinchonRo, '90', true), 37.55523, 126.93686),
  ddp: place(['동대문디자인플라자', 'Dongdaemun Design Plaza', '东大门设计广场', '東大門デザインプラザ', 'Dongdaemun Design Plaza'], address(cities.seoul, districts.jung, roads.euljiRo, '281'), 37.5668, 127.0095),
  apgujeongRodeo: place(['압구정 로데오거리', 'Apgujeong Rodeo Street', '狎鸥亭罗德奥街', '狎鴎亭ロデオ通り', 'Calle Rodeo de Apgujeong'], address(cities.seoul, districts.gangnam, roads.apgujeongRo, '402', true), 37.52731, 127.04054),
  centralSeoul: place(['서울 시내', 'Central Seoul', '首尔市区', 'ソウル市内', 'Centro de Seúl'], address(cities.seoul, districts.jung, roads.sejongDaero, '110'), 37.5665, 126.978),
  incheonT1: place(['인천국제공항 제1여객터미널', 'Incheon Airport Terminal 1', '仁川国际机场第一航站楼', '仁川国際空港第1旅客ターミナル', 'Terminal 1 del Aeropuerto de Incheon'], address(cities.incheon, districts.jung, roads.gonghangRo, '272'), 37.4491, 126.4507),
  incheonT2: place(['인천국제공항 제2여객터미널', 'Incheon Airport Terminal 2', '仁川国际机场第二航站楼', '仁川国際空港第2旅客ターミナル', 'Terminal 2 del Aeropuerto de Incheon'], address(cities.incheon, districts.jung, roads.terminal2Daero, '446'), 37.4668, 126.4333),
  gimpoDomestic: place(['김포국제공항 국내선 청사', 'Gimpo Airport domestic terminal', '金浦国际机场国内航站楼', '金浦国際空港国内線ターミナル', 'Terminal nacional del Aeropuerto de Gimpo'], address(cities.seoul, districts.gangseo, roads.haneulGil, '111'), 37.5586, 126.8029),
  jejuAirport: place(['제주국제공항', 'Jeju International Airport', '济州国际机场', '済州国際空港', 'Aeropuerto Internacional de Jeju'], address(cities.jeju, districts.none, roads.gonghangRo, '2'), 33.507, 126.4929),
  songdoCentralPark: place(['송도 센트럴파크', 'Songdo Central Park', '松岛中央公园', '松島セントラルパーク', 'Parque Central de Songdo'], address(cities.incheon, districts.yeonsu, roads.convensiaDaero, '160'), 37.3925, 126.6392),
  nuwemaruStreet: place(['제주 누웨마루거리', 'Nuwemaru Street, Jeju', '济州努维马鲁街', '済州ヌウェマル通り', 'Calle Nuwemaru, Jeju'], address(cities.jeju, districts.none, roads.sindaeRo, '142'), 33.4878, 126.4895),
  jejuCity: place(['제주 시내', 'Jeju City', '济州市区', '済州市内', 'Ciudad de Jeju'], address(cities.jeju, districts.none, roads.gwangyang9Gil, '10'), 33.49962, 126.53119),
};

const kinds = {
  screenDoor: ['스크린도어 광고', 'platform screen-door ad', '站台屏蔽门广告', 'ホームドア広告', 'Anuncio en puertas de andén'],
  lightBox: ['대합실 조명 광고', 'concourse light box', '站厅灯箱', 'コンコース電飾看板', 'Caja de luz del vestíbulo'],
  passageScreen: ['환승 통로 디지털 스크린', 'transfer passage digital screen', '换乘通道数字屏', '乗換通路デジタルサイネージ', 'Pantalla digital del pasillo de transbordo'],
  exitWall: ['출구 벽면 포스터', 'exit wall poster', '出口墙面海报', '出口壁面ポスター', 'Póster en la pared de salida'],
  outdoorLed: ['옥외 LED 전광판', 'outdoor LED screen', '户外LED大屏', '屋外LEDビジョン', 'Pantalla LED exterior'],
  atriumScreen: ['아트리움 대형 스크린', 'atrium large screen', '中庭大屏幕', 'アトリウム大型スクリーン', 'Pantalla grande del atrio'],
  mediaPole: ['미디어 폴', 'media poles', '媒体立柱屏', 'メディアポール', 'Postes multimedia'],
  wallBanner: ['외벽 현수막', 'exterior wall banner', '外墙横幅', '外壁バナー', 'Pancarta en fachada'],
  busSide: ['시내버스 외부 광고', 'city bus exterior ad', '市内公交车身广告', '路線バス車体広告', 'Publicidad exterior en autobús urbano'],
  limousineBus: ['공항 리무진 버스 광고', 'airport limousine bus ad', '机场大巴广告', '空港リムジンバス広告', 'Publicidad en autobús limusina del aeropuerto'],
  taxiRoof: ['택시 표시등 광고', 'taxi roof-sign ad', '出租车顶灯广告', 'タクシー屋根上広告', 'Publicidad en el techo de taxis'],
  arrivalScreen: ['입국장 디지털 스크린', 'arrival hall digital screen', '入境大厅数字屏', '到着ロビーデジタルサイネージ', 'Pantalla digital de la sala de llegadas'],
  arrivalMediaWall: ['입국장 미디어월', 'arrival hall media wall', '入境大厅媒体墙', '到着ロビーメディアウォール', 'Videomuro de la sala de llegadas'],
  departureLightBox: ['출국장 조명 광고', 'departure hall light box', '出境大厅灯箱', '出発ロビー電飾看板', 'Caja de luz de la sala de salidas'],
  domesticArrivalScreen: ['도착장 디지털 스크린', 'arrivals digital screen', '到达大厅数字屏', '到着ロビーデジタルサイネージ', 'Pantalla digital de llegadas'],
  domesticDepartureLightBox: ['출발장 조명 광고', 'departures light box', '出发大厅灯箱', '出発ロビー電飾看板', 'Caja de luz de salidas'],
  baggageScreen: ['수하물 수취대 스크린', 'baggage claim screen', '行李提取处屏幕', '手荷物受取所スクリーン', 'Pantalla de recogida de equipajes'],
  lampBanner: ['가로등 배너', 'street-lamp banners', '路灯旗帜广告', '街灯フラッグ広告', 'Banderolas en farolas'],
} satisfies Record<string, Texts>;

function mediumName(where: Place, kind: Texts): LocalizedText {
  const [pko, pen, pzh, pja, pes] = where.name;
  const [kko, ken, kzh, kja, kes] = kind;
  return { ko: `${pko} ${kko}`, en: `${pen} · ${ken}`, zh: `${pzh}${kzh}`, ja: `${pja} ${kja}`, es: `${kes} · ${pes}` };
}

const operators = {
  hanbit: ['한빛애드', 'Hanbit Ad', '韩光广告', 'ハンビットアド', 'Hanbit Ad'],
  skyline: ['스카이라인 옥외광고', 'Skyline Outdoor', '天际线户外广告', 'スカイライン屋外広告', 'Skyline Outdoor'],
  aerovision: ['에어로비전', 'AeroVision', '航视传媒', 'エアロビジョン', 'AeroVision'],
  roadside: ['길위미디어', 'Roadside Media', '路上传媒', 'ロードサイドメディア', 'Roadside Media'],
  tamna: ['탐라애드', 'Tamna Ad', '耽罗广告', 'タムナアド', 'Tamna Ad'],
} satisfies Record<string, Texts>;

const hours = {
  subway: ['첫차부터 막차까지 (05:30–24:00)', 'First to last train (05:30–24:00)', '首班车至末班车（05:30–24:00）', '始発から終電まで（05:30–24:00）', 'Del primer al último tren (05:30–24:00)'],
  screen: ['매일 07:00–24:00', 'Daily 07:00–24:00', '每天 07:00–24:00', '毎日 07:00–24:00', 'Todos los días, 07:00–24:00'],
  mall: ['매일 10:30–22:00 (몰 영업시간)', 'Daily 10:30–22:00 (mall hours)', '每天 10:30–22:00（商场营业时间）', '毎日 10:30–22:00（モール営業時間）', 'Todos los días, 10:30–22:00 (horario del centro comercial)'],
  always: ['24시간 상시 게시', 'On show 24 hours a day', '24小时展示', '24時間掲出', 'Expuesto las 24 horas'],
  vehicle: ['차량 운행 시간 중 (약 05:00–24:00)', 'While the vehicles run (about 05:00–24:00)', '车辆运营期间（约05:00–24:00）', '車両運行中（約05:00–24:00）', 'Mientras circulan los vehículos (aprox. 05:00–24:00)'],
  airport: ['공항 운영 시간 (05:00–24:00)', 'Airport opening hours (05:00–24:00)', '机场运营时间（05:00–24:00）', '空港運用時間（05:00–24:00）', 'Horario del aeropuerto (05:00–24:00)'],
  jejuAirport: ['공항 운영 시간 (06:00–23:00)', 'Airport opening hours (06:00–23:00)', '机场运营时间（06:00–23:00）', '空港運用時間（06:00–23:00）', 'Horario del aeropuerto (06:00–23:00)'],
} satisfies Record<string, Texts>;

type Describe = (where: Texts) => Texts;
const descriptions: Record<MediaSubCategoryCode, Describe> = {
  ADMS001: ([ko, en, zh, ja, es]) => [
    `${ko} 일대를 지나는 보행자와 차량에 노출되는 대형 옥외 LED 전광판입니다. 15초 또는 30초 영상이 순환 송출됩니다.`,
    `A large outdoor LED screen seen by pedestrians and traffic around ${en}. 15- or 30-second videos play in rotation.`,
    `面向${zh}一带行人和车辆的大型户外LED屏，15秒或30秒视频循环播放。`,
    `${ja}周辺の歩行者や車両から見える大型屋外LEDビジョンです。15秒または30秒の映像がローテーションで放映されます。`,
    `Gran pantalla LED exterior visible para peatones y tráfico en los alrededores de ${es}. Los vídeos de 15 o 30 segundos se emiten en rotación.`,
  ],
  ADMS002: ([ko, en, zh, ja, es]) => [
    `${ko} 실내에 설치된 대형 스크린으로, 쇼핑객의 시선이 모이는 자리에 있습니다.`,
    `A large indoor screen at ${en}, placed where shoppers gather.`,
    `位于${zh}室内的大型屏幕，设在购物人流聚集之处。`,
    `${ja}の屋内に設置された大型スクリーンで、買い物客の視線が集まる場所にあります。`,
    `Pantalla grande interior en ${es}, situada donde se concentran los visitantes.`,
  ],
  ADMS003: ([ko, en, zh, ja, es]) => [
    `${ko}에 세워진 디지털 미디어 폴입니다. 정지 이미지가 일정 간격으로 순환 노출됩니다.`,
    `Digital media poles along ${en}. Still images rotate at set intervals.`,
    `设在${zh}的数字媒体立柱，静态图片按固定间隔轮播。`,
    `${ja}に立つデジタルメディアポールです。静止画が一定間隔で切り替わります。`,
    `Postes multimedia digitales en ${es}. Las imágenes fijas rotan a intervalos regulares.`,
  ],
  ADMS004: ([ko, en, zh, ja, es]) => [
    `${ko} 건물 외벽에 게시되는 대형 인쇄 현수막입니다. 게시 기간 내내 상시 노출됩니다.`,
    `A large printed banner hung on an outer wall at ${en}, on show for the whole period.`,
    `悬挂在${zh}建筑外墙上的大型印刷横幅，整个投放期间持续展示。`,
    `${ja}の建物外壁に掲出する大型印刷バナーで、掲出期間中は常に表示されます。`,
    `Gran pancarta impresa colgada en una fachada de ${es}, visible durante todo el periodo.`,
  ],
  ADMS005: ([ko, en, zh, ja, es]) => [
    `${ko} 일대를 운행하는 버스 10대의 차체 측면 광고입니다.`,
    `An ad on the side of 10 buses running through ${en}.`,
    `在${zh}一带运营的10辆公交车的车身侧面广告。`,
    `${ja}周辺を走るバス10台の車体側面広告です。`,
    `Publicidad en el lateral de 10 autobuses que circulan por ${es}.`,
  ],
  ADMS006: ([ko, en, zh, ja, es]) => [
    `하루 수만 명이 오가는 ${ko} 역사 안의 광고면입니다.`,
    `An ad space inside ${en}, passed by tens of thousands of people a day.`,
    `位于${zh}站内的广告位，每天有数万人经过。`,
    `1日に数万人が行き交う${ja}構内の広告面です。`,
    `Espacio publicitario dentro de la ${es}, por donde pasan decenas de miles de personas al día.`,
  ],
  ADMS007: ([ko, en, zh, ja, es]) => [
    `${ko}에서 운행하는 택시 20대의 지붕 위 표시등 광고입니다.`,
    `A roof-sign ad on 20 taxis working in ${en}.`,
    `在${zh}运营的20辆出租车的车顶灯广告。`,
    `${ja}で営業するタクシー20台の屋根上広告です。`,
    `Publicidad en el techo de 20 taxis que trabajan en ${es}.`,
  ],
  ADMS008: airportDescription,
  ADMS009: airportDescription,
  ADMS010: airportDescription,
  ADMS011: ([ko, en, zh, ja, es]) => [
    `${ko}의 가로등에 거는 배너 광고입니다.`,
    `Banners hung from the street lamps of ${en}.`,
    `悬挂在${zh}路灯上的旗帜广告。`,
    `${ja}の街灯に掲げるフラッグ広告です。`,
    `Banderolas colgadas de las farolas de ${es}.`,
  ],
};

function airportDescription([ko, en, zh, ja, es]: Texts): Texts {
  return [
    `${ko} 이용객, 곧 국내외 여행객에게 노출되는 공항 광고면입니다.`,
    `An airport ad space seen by travellers from home and abroad at ${en}.`,
    `面向${zh}国内外旅客的机场广告位。`,
    `${ja}を利用する国内外の旅行者に向けた空港広告面です。`,
    `Espacio publicitario visto por viajeros nacionales e internacionales en ${es}.`,
  ];
}

const policies = {
  transit: {
    ko: ['시안은 광고 시작일 30일 전까지 운영사 심의를 마쳐야 하며, 심의 결과에 따라 수정이 요청될 수 있습니다.', '정치·종교·상업 광고와 타인의 권리를 침해하는 내용은 게시할 수 없습니다.', '제작·부착 비용은 가격에 포함되어 있으며, 운영사 사정으로 게시하지 못한 일수는 환불됩니다.'],
    en: ["Creatives must pass the operator's review at least 30 days before the ad start date; changes may be requested.", "Political, religious or commercial ads, and content that infringes others' rights, cannot be displayed.", 'Production and installation are included in the price; days the operator fails to display the ad are refunded.'],
    zh: ['广告素材须在广告开始日前30天完成运营商审核，审核结果可能要求修改。', '不得投放政治、宗教、商业广告，以及侵犯他人权利的内容。', '价格已包含制作与安装费用；因运营商原因未能展示的天数将予以退款。'],
    ja: ['広告開始日の30日前までに運営会社の審査を終える必要があり、審査結果により修正を求められる場合があります。', '政治・宗教・商業広告、および他者の権利を侵害する内容は掲出できません。', '制作・設置費用は価格に含まれます。運営会社の都合で掲出できなかった日数分は返金されます。'],
    es: ['Las piezas deben superar la revisión del operador al menos 30 días antes del inicio del anuncio; pueden pedirse cambios.', 'No se admiten anuncios políticos, religiosos o comerciales ni contenidos que vulneren derechos de terceros.', 'La producción y la instalación están incluidas en el precio; los días que el operador no pueda mostrar el anuncio se reembolsan.'],
  },
  screens: {
    ko: ['시안은 광고 시작일 30일 전까지 제출해야 하며, 옥외광고물 관련 법령에 따른 심의를 거칩니다.', '송출·게시 일정은 운영사가 정하며, 기상 악화나 설비 점검으로 중단된 시간은 같은 시간만큼 보상 송출합니다.', '아티스트 생일·데뷔 기념 등 응원 광고만 가능하며 상품 판매 문구는 넣을 수 없습니다.'],
    en: ['Creatives are due 30 days before the ad start date and are reviewed under the outdoor-advertising laws.', 'The operator sets the schedule; time lost to bad weather or maintenance is made up with the same amount of airtime.', 'Only fan-support ads (birthdays, debut anniversaries and the like) are accepted; no sales messages.'],
    zh: ['素材须在广告开始日前30天提交，并依照户外广告相关法规接受审查。', '播放与展示时间由运营商安排；因恶劣天气或设备检修而中断的时间，将以相同时长补播。', '仅接受应援广告（如艺人生日、出道纪念日等），不得包含商品销售信息。'],
    ja: ['広告素材は広告開始日の30日前までに提出し、屋外広告物関連法令に基づく審査を受けます。', '放映・掲出スケジュールは運営会社が決定します。悪天候や設備点検で中断した時間は、同じ時間分を補償放映します。', 'アーティストの誕生日やデビュー記念などの応援広告のみ受け付け、商品販売の文言は入れられません。'],
    es: ['Las piezas se entregan 30 días antes del inicio del anuncio y se revisan conforme a la normativa de publicidad exterior.', 'El operador fija la programación; el tiempo perdido por mal tiempo o mantenimiento se compensa con el mismo tiempo de emisión.', 'Solo se aceptan anuncios de apoyo a artistas (cumpleaños, aniversarios de debut, etc.); no se admiten mensajes de venta.'],
  },
  airport: {
    ko: ['공항 광고는 공항 운영자의 사전 승인이 필요하며, 승인에는 최대 3주가 걸릴 수 있습니다.', '보안 구역 안의 설치 작업은 운영사가 대행하며 별도 비용이 없습니다.', '항공 안전이나 공항 운영상 필요한 경우 예고 없이 송출이 중단될 수 있으며, 중단된 기간은 게시 기간 연장으로 보상합니다.'],
    en: ["Airport ads need the airport authority's prior approval, which can take up to 3 weeks.", 'Installation inside security areas is done by the operator at no extra cost.', 'Display may stop without notice for aviation safety or airport operations; any interruption is made up by extending the period.'],
    zh: ['机场广告需事先获得机场管理方批准，审批最长可能需要3周。', '安检区内的安装工作由运营商代为完成，不另收费。', '因航空安全或机场运营需要，可能在未预告的情况下中断播放，中断期间将以延长展示的方式补偿。'],
    ja: ['空港広告には空港運営者の事前承認が必要で、承認まで最大3週間かかる場合があります。', '保安区域内での設置作業は運営会社が代行し、追加費用はかかりません。', '航空安全や空港運営上の必要により予告なく放映が中断される場合があり、中断期間は掲出期間の延長で補償します。'],
    es: ['Los anuncios en aeropuertos requieren la aprobación previa de la autoridad aeroportuaria, que puede tardar hasta 3 semanas.', 'La instalación en zonas de seguridad la realiza el operador sin coste adicional.', 'La emisión puede detenerse sin aviso por seguridad aérea u operaciones del aeropuerto; cualquier interrupción se compensa ampliando el periodo.'],
  },
} satisfies Record<string, LocalizedParagraphs>;

type Guide = { width: number; height: number; unit: 'px' | 'mm'; capacityMb: number; format: MediaCreativeFormat; spotSeconds?: number };
const fullHd: Guide = { width: 1920, height: 1080, unit: 'px', capacityMb: 100, format: 'MP4' };
const portraitScreen: Guide = { width: 1080, height: 1920, unit: 'px', capacityMb: 100, format: 'MP4' };
const portraitStill: Guide = { width: 1080, height: 1920, unit: 'px', capacityMb: 30, format: 'JPG' };
const lightBox: Guide = { width: 1700, height: 1150, unit: 'mm', capacityMb: 200, format: 'JPG' };

type SampleMedium = {
  at: Place;
  kind: Texts;
  sub: MediaSubCategoryCode;
  operator: Texts;
  hours: Texts;
  policy: LocalizedParagraphs;
  priceUnit: MediaPriceUnit;
  price: number;
  durations: number[];
  guide: Guide;
};

const days = [7, 14, 28];
const dayOrWeeks = [3, 7, 14, 21, 28];
const spots = [15, 30];

function sample(at: Place, kind: Texts, sub: MediaSubCategoryCode, operator: Texts, rest: Omit<SampleMedium, 'at' | 'kind' | 'sub' | 'operator' | 'policy'> & { policy?: LocalizedParagraphs }): SampleMedium {
  const policy = rest.policy ?? (['ADMS005', 'ADMS006', 'ADMS007'].includes(sub) ? policies.transit : ['ADMS008', 'ADMS009', 'ADMS010'].includes(sub) ? policies.airport : policies.screens);
  return { at, kind, sub, operator, ...rest, policy };
}

const { hanbit, skyline, aerovision, roadside, tamna } = operators;
const p = places;
const k = kinds;

export const sampleMedia: SampleMedium[] = [
  // Subway stations (transport)
  sample(p.gangnamStation, k.screenDoor, 'ADMS006', hanbit, { hours: hours.subway, priceUnit: 'day', price: 700, durations: days, guide: lightBox }),
  sample(p.gangnamStation, k.lightBox, 'ADMS006', hanbit, { hours: hours.subway, priceUnit: 'day', price: 500, durations: dayOrWeeks, guide: lightBox }),
  sample(p.hongikStation, k.exitWall, 'ADMS006', hanbit, { hours: hours.subway, priceUnit: 'day', price: 450, durations: dayOrWeeks, guide: { ...lightBox, width: 3000, height: 2000 } }),
  sample(p.hongikStation, k.passageScreen, 'ADMS006', hanbit, { hours: hours.subway, priceUnit: 'second', price: 150, durations: [15], guide: fullHd }),
  sample(p.samseongStation, k.lightBox, 'ADMS006', hanbit, { hours: hours.subway, priceUnit: 'day', price: 420, durations: dayOrWeeks, guide: lightBox }),
  sample(p.myeongdongStation, k.screenDoor, 'ADMS006', hanbit, { hours: hours.subway, priceUnit: 'day', price: 550, durations: days, guide: lightBox }),
  sample(p.jamsilStation, k.passageScreen, 'ADMS006', hanbit, { hours: hours.subway, priceUnit: 'day', price: 380, durations: days, guide: { ...portraitScreen, spotSeconds: 15 } }),
  sample(p.yeouidoStation, k.lightBox, 'ADMS006', hanbit, { hours: hours.subway, priceUnit: 'day', price: 350, durations: dayOrWeeks, guide: lightBox }),
  sample(p.seongsuStation, k.exitWall, 'ADMS006', hanbit, { hours: hours.subway, priceUnit: 'day', price: 400, durations: dayOrWeeks, guide: { ...lightBox, width: 3000, height: 2000 } }),
  sample(p.sinchonStation, k.lightBox, 'ADMS006', hanbit, { hours: hours.subway, priceUnit: 'day', price: 300, durations: dayOrWeeks, guide: lightBox }),
  // Buses and taxis (transport)
  sample(p.gangnamDaero, k.busSide, 'ADMS005', roadside, { hours: hours.vehicle, priceUnit: 'day', price: 250, durations: days, guide: { width: 3900, height: 700, unit: 'mm', capacityMb: 200, format: 'JPG' } }),
  sample(p.sinchonStation, k.busSide, 'ADMS005', roadside, { hours: hours.vehicle, priceUnit: 'day', price: 220, durations: days, guide: { width: 3900, height: 700, unit: 'mm', capacityMb: 200, format: 'JPG' } }),
  sample(p.incheonT1, k.limousineBus, 'ADMS005', roadside, { hours: hours.vehicle, priceUnit: 'day', price: 320, durations: days, guide: { width: 4500, height: 900, unit: 'mm', capacityMb: 200, format: 'JPG' } }),
  sample(p.centralSeoul, k.taxiRoof, 'ADMS007', roadside, { hours: hours.vehicle, priceUnit: 'day', price: 180, durations: days, guide: { width: 900, height: 300, unit: 'mm', capacityMb: 50, format: 'JPG' } }),
  sample(p.jejuCity, k.taxiRoof, 'ADMS007', tamna, { hours: hours.vehicle, priceUnit: 'day', price: 120, durations: days, guide: { width: 900, height: 300, unit: 'mm', capacityMb: 50, format: 'JPG' } }),
  // Buildings
  sample(p.coex, k.outdoorLed, 'ADMS001', skyline, { hours: hours.screen, priceUnit: 'second', price: 1200, durations: spots, guide: { ...fullHd, width: 3840, height: 1080, capacityMb: 300 } }),
  sample(p.gangnamCrossing, k.outdoorLed, 'ADMS001', skyline, { hours: hours.screen, priceUnit: 'second', price: 700, durations: spots, guide: fullHd }),
  sample(p.myeongdongStreet, k.outdoorLed, 'ADMS001', skyline, { hours: hours.screen, priceUnit: 'second', price: 600, durations: spots, guide: fullHd }),
  sample(p.hongdaeStreet, k.outdoorLed, 'ADMS001', skyline, { hours: hours.screen, priceUnit: 'second', price: 450, durations: spots, guide: portraitScreen }),
  sample(p.jamsilMall, k.atriumScreen, 'ADMS002', skyline, { hours: hours.mall, priceUnit: 'second', price: 300, durations: spots, guide: fullHd }),
  sample(p.yeouidoMall, k.atriumScreen, 'ADMS002', skyline, { hours: hours.mall, priceUnit: 'second', price: 280, durations: spots, guide: fullHd }),
  sample(p.seongsuCafeStreet, k.mediaPole, 'ADMS003', skyline, { hours: hours.screen, priceUnit: 'day', price: 380, durations: dayOrWeeks, guide: portraitStill }),
  sample(p.apgujeongRodeo, k.mediaPole, 'ADMS003', skyline, { hours: hours.screen, priceUnit: 'day', price: 420, durations: dayOrWeeks, guide: portraitStill }),
  sample(p.ddp, k.wallBanner, 'ADMS004', skyline, { hours: hours.always, priceUnit: 'day', price: 900, durations: days, guide: { width: 10000, height: 3000, unit: 'mm', capacityMb: 300, format: 'JPG' } }),
  sample(p.yeouidoFinance, k.wallBanner, 'ADMS004', skyline, { hours: hours.always, priceUnit: 'day', price: 800, durations: days, guide: { width: 8000, height: 2500, unit: 'mm', capacityMb: 300, format: 'JPG' } }),
  // Airports
  sample(p.incheonT1, k.arrivalScreen, 'ADMS008', aerovision, { hours: hours.airport, priceUnit: 'second', price: 800, durations: spots, guide: fullHd }),
  sample(p.incheonT1, k.departureLightBox, 'ADMS008', aerovision, { hours: hours.airport, priceUnit: 'day', price: 1100, durations: days, guide: { ...lightBox, width: 2400, height: 1600 } }),
  sample(p.incheonT2, k.arrivalMediaWall, 'ADMS008', aerovision, { hours: hours.airport, priceUnit: 'second', price: 900, durations: spots, guide: { ...fullHd, width: 3840, height: 2160, capacityMb: 300 } }),
  sample(p.incheonT2, k.departureLightBox, 'ADMS008', aerovision, { hours: hours.airport, priceUnit: 'day', price: 1000, durations: days, guide: { ...lightBox, width: 2400, height: 1600 } }),
  sample(p.gimpoDomestic, k.domesticArrivalScreen, 'ADMS009', aerovision, { hours: hours.airport, priceUnit: 'second', price: 350, durations: spots, guide: fullHd }),
  sample(p.gimpoDomestic, k.domesticDepartureLightBox, 'ADMS009', aerovision, { hours: hours.airport, priceUnit: 'day', price: 600, durations: days, guide: lightBox }),
  sample(p.jejuAirport, k.domesticArrivalScreen, 'ADMS010', tamna, { hours: hours.jejuAirport, priceUnit: 'second', price: 300, durations: spots, guide: fullHd }),
  sample(p.jejuAirport, k.baggageScreen, 'ADMS010', tamna, { hours: hours.jejuAirport, priceUnit: 'second', price: 250, durations: [15], guide: portraitScreen }),
  // Street signs (other)
  sample(p.hongdaeWalkingStreet, k.lampBanner, 'ADMS011', roadside, { hours: hours.always, priceUnit: 'day', price: 150, durations: dayOrWeeks, guide: { width: 600, height: 1800, unit: 'mm', capacityMb: 100, format: 'JPG' } }),
  sample(p.songdoCentralPark, k.lampBanner, 'ADMS011', roadside, { hours: hours.always, priceUnit: 'day', price: 130, durations: dayOrWeeks, guide: { width: 600, height: 1800, unit: 'mm', capacityMb: 100, format: 'JPG' } }),
  sample(p.nuwemaruStreet, k.lampBanner, 'ADMS011', tamna, { hours: hours.always, priceUnit: 'day', price: 110, durations: dayOrWeeks, guide: { width: 600, height: 1800, unit: 'mm', capacityMb: 100, format: 'JPG' } }),
];

const categoryOf = new Map<string, string>(mediaSubCategoryRows.map((row) => [row.code, row.categoryCode]));

export function sampleMediumRows() {
  return sampleMedia.map((entry) => ({
    categoryCode: categoryOf.get(entry.sub)!,
    subCategoryCode: entry.sub,
    names: mediumName(entry.at, entry.kind),
    addresses: entry.at.address,
    operatorNames: t(entry.operator),
    operationHours: t(entry.hours),
    descriptions: t(descriptions[entry.sub](entry.at.name)),
    salesPolicy: entry.policy,
    latitude: entry.at.latitude,
    longitude: entry.at.longitude,
    priceUnit: entry.priceUnit,
    price: entry.price,
    durations: entry.durations,
    guideWidth: entry.guide.width,
    guideHeight: entry.guide.height,
    guideUnit: entry.guide.unit,
    guideCapacityMb: entry.guide.capacityMb,
    guideFormat: entry.guide.format,
    guideSpotSeconds: entry.guide.spotSeconds ?? null,
  }));
}

/** Loads the sample media once: a catalogue that already has media is left as it is. */
export async function seedSampleMediaIfEmpty(db: DbOrTx): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(media);
  if ((existing?.n ?? 0) > 0) return false;
  await db.insert(media).values(sampleMediumRows());
  return true;
}
