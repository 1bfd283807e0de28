/**
 * API messages of the staff replay tools (docs/data/statsbomb.md "Endpoints"). Turkish defines
 * the keys; English and Chinese must have every one (the type and messages.test.ts check).
 */
const tr = {
  'replay.sport.invalid': 'Şimdilik yalnızca futbol maçları yeniden oynatılabilir',
  'replay.team.required': 'Lütfen takım adını girin',
  'replay.team.tooLong': 'Takım adı en fazla 100 karakter olabilir',
  'replay.teams.same': 'Ev sahibi ve deplasman takımı farklı olmalı',
  'replay.competition.notFound': 'Bu numarada bir futbol ligi yok',
  'replay.competition.none': 'İki takımın birlikte oynadığı bir lig bulunamadı; lütfen competition_id verin',
  'replay.status.invalid': 'Maç durumu 1, 2, 3, 4, 5, 7 veya 8 olmalı',
  'replay.updates.required': 'En az bir güncelleme gönderin',
  'replay.updates.tooMany': 'Bir istekte en fazla 200 güncelleme gönderilebilir',
  'replay.match.notFound': 'Maç bulunamadı',
  'replay.match.notReplay': 'Bu maç bir tekrar olarak oluşturulmadı; yalnızca tekrar maçları buradan yönetilebilir',
} as const;

type Messages = Record<keyof typeof tr, string>;

const en: Messages = {
  'replay.sport.invalid': 'Only football matches can be replayed for now',
  'replay.team.required': 'Please enter the team name',
  'replay.team.tooLong': 'A team name can be at most 100 characters long',
  'replay.teams.same': 'The home and away teams must differ',
  'replay.competition.notFound': 'There is no football competition with this id',
  'replay.competition.none': 'No competition was found that both teams play in; please give competition_id',
  'replay.status.invalid': 'The match status must be 1, 2, 3, 4, 5, 7 or 8',
  'replay.updates.required': 'Please send at least one update',
  'replay.updates.tooMany': 'One request can carry at most 200 updates',
  'replay.match.notFound': 'Match not found',
  'replay.match.notReplay': 'This match was not created as a replay; only replays can be driven here',
};

const zh: Messages = {
  'replay.sport.invalid': '目前只能回放足球比赛',
  'replay.team.required': '请输入球队名称',
  'replay.team.tooLong': '球队名称最多 100 个字符',
  'replay.teams.same': '主队和客队必须不同',
  'replay.competition.notFound': '没有此编号的足球赛事',
  'replay.competition.none': '找不到两队共同参加的赛事，请提供 competition_id',
  'replay.status.invalid': '比赛状态必须是 1、2、3、4、5、7 或 8',
  'replay.updates.required': '请至少发送一条更新',
  'replay.updates.tooMany': '每个请求最多可包含 200 条更新',
  'replay.match.notFound': '未找到比赛',
  'replay.match.notReplay': '这场比赛不是以回放方式创建的，只能在此操作回放比赛',
};

export const replayMessages = { tr, en, zh };
