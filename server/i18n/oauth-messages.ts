/**
 * API messages of sign-in with Google, Apple and Facebook. Turkish defines the keys; English
 * and Chinese must have every one (the type and messages.test.ts check).
 */
const tr = {
  'oauth.accountClosed': 'Bu hesap kapatıldı',
} as const;

type Messages = Record<keyof typeof tr, string>;

const en: Messages = {
  'oauth.accountClosed': 'This account has been closed',
};

const zh: Messages = {
  'oauth.accountClosed': '该账户已关闭',
};

export const oauthMessages = { tr, en, zh };
