/**
 * API messages of the match centre: match tabs, competition and team pages. Turkish defines
 * the keys; English and Chinese must have every one (the type and messages.test.ts check).
 */
const tr = {
  'api.match.detailExpired': 'Üç aydan eski maçlar için ayrıntı görüntülenemez',
  'api.competition.notFound': 'Lig bulunamadı',
  'api.season.notFound': 'Bu ligin böyle bir sezonu yok',
  'api.team.notFound': 'Takım bulunamadı',
} as const;

type Messages = Record<keyof typeof tr, string>;

const en: Messages = {
  'api.match.detailExpired': 'Matches older than three months do not support detail viewing',
  'api.competition.notFound': 'Competition not found',
  'api.season.notFound': 'This competition has no such season',
  'api.team.notFound': 'Team not found',
};

const zh: Messages = {
  'api.match.detailExpired': '三个月前的比赛不支持查看详情',
  'api.competition.notFound': '未找到赛事',
  'api.season.notFound': '该赛事没有这个赛季',
  'api.team.notFound': '未找到球队',
};

export const matchCentreMessages = { tr, en, zh };
