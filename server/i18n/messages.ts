import { LOCALES, type Locale } from '../../core/locale';
import { accountMessages } from './account-messages';
import { importsMessages } from './imports-messages';
import { matchCentreMessages } from './match-centre-messages';
import { oauthMessages } from './oauth-messages';
import { pointsMessages } from './points-messages';
import { replayMessages } from './replay-messages';

/**
 * Messages the API sends to clients, in the three site languages. The Turkish object defines
 * the keys; the others must have every one of them (the type and messages.test.ts check).
 */
const tr = {
  'api.validation.failed': 'İstek geçersiz',
  'api.validation.notANumber': 'Bir sayı olmalı',
  'api.validation.notAnInteger': 'Bir tam sayı olmalı',
  'api.validation.notAString': 'Bir metin olmalı',
  'api.validation.tooSmall': 'En az {min} olmalı',
  'api.validation.tooBig': 'En fazla {max} olmalı',
  'api.validation.tooShort': 'En az {min} karakter olmalı',
  'api.validation.tooLong': 'En fazla {max} karakter olmalı',
  'api.validation.notAllowed': 'İzin verilen değerlerden biri olmalı',
  'api.validation.invalid': 'Geçersiz değer',
  'api.match.notFound': 'Maç bulunamadı',
  'api.crest.notFound': 'Arma bulunamadı',
  'api.notFound': 'Aradığınız adres bulunamadı',
  'api.badRequest': 'İstek anlaşılamadı',
  'api.tooLarge': 'İstek çok büyük',
  'api.internal': 'Sunucuda bir hata oluştu, lütfen biraz sonra yeniden deneyin',
} as const;

type BaseKey = keyof typeof tr;
type Base = Record<BaseKey, string>;

const en: Base = {
  'api.validation.failed': 'The request is not valid',
  'api.validation.notANumber': 'Must be a number',
  'api.validation.notAnInteger': 'Must be a whole number',
  'api.validation.notAString': 'Must be text',
  'api.validation.tooSmall': 'Must be at least {min}',
  'api.validation.tooBig': 'Must be at most {max}',
  'api.validation.tooShort': 'Must be at least {min} characters long',
  'api.validation.tooLong': 'Must be at most {max} characters long',
  'api.validation.notAllowed': 'Must be one of the allowed values',
  'api.validation.invalid': 'Invalid value',
  'api.match.notFound': 'Match not found',
  'api.crest.notFound': 'Crest not found',
  'api.notFound': 'Nothing was found at this address',
  'api.badRequest': 'The request could not be understood',
  'api.tooLarge': 'The request is too large',
  'api.internal': 'Something went wrong on the server, please try again shortly',
};

const zh: Base = {
  'api.validation.failed': '请求无效',
  'api.validation.notANumber': '必须是数字',
  'api.validation.notAnInteger': '必须是整数',
  'api.validation.notAString': '必须是文本',
  'api.validation.tooSmall': '不能小于 {min}',
  'api.validation.tooBig': '不能大于 {max}',
  'api.validation.tooShort': '至少需要 {min} 个字符',
  'api.validation.tooLong': '最多 {max} 个字符',
  'api.validation.notAllowed': '必须是允许的值之一',
  'api.validation.invalid': '无效的值',
  'api.match.notFound': '未找到比赛',
  'api.crest.notFound': '未找到队徽',
  'api.notFound': '此地址没有内容',
  'api.badRequest': '无法理解该请求',
  'api.tooLarge': '请求过大',
  'api.internal': '服务器出错，请稍后再试',
};

export type ApiLocale = Locale;
export const API_LOCALES: readonly ApiLocale[] = LOCALES.map((locale) => locale.code);

/**
 * Each feature keeps its messages in its own file (`<feature>-messages.ts`, the same shape:
 * Turkish defines the keys, English and Chinese must have each of them).
 */
export type MessageKey = BaseKey | keyof (typeof accountMessages)['tr'] | keyof (typeof pointsMessages)['tr']
  | keyof (typeof oauthMessages)['tr'] | keyof (typeof replayMessages)['tr']
  | keyof (typeof importsMessages)['tr'] | keyof (typeof matchCentreMessages)['tr'];
type Messages = Record<MessageKey, string>;

export const MESSAGES: Record<ApiLocale, Messages> = {
  tr: { ...tr, ...accountMessages.tr, ...pointsMessages.tr, ...oauthMessages.tr, ...replayMessages.tr, ...importsMessages.tr, ...matchCentreMessages.tr },
  en: { ...en, ...accountMessages.en, ...pointsMessages.en, ...oauthMessages.en, ...replayMessages.en, ...importsMessages.en, ...matchCentreMessages.en },
  zh: { ...zh, ...accountMessages.zh, ...pointsMessages.zh, ...oauthMessages.zh, ...replayMessages.zh, ...importsMessages.zh, ...matchCentreMessages.zh },
};
