/**
 * API messages of accounts: sign-in, registration, codes, sessions, profile. Turkish defines
 * the keys; English and Chinese must have every one (the type and messages.test.ts check).
 */
const tr = {
  'auth.loginFirst': 'Lütfen önce giriş yapın',
  'auth.forbidden': 'Bu işlem için yetkiniz yok',
} as const;

type Messages = Record<keyof typeof tr, string>;

const en: Messages = {
  'auth.loginFirst': 'Please login first',
  'auth.forbidden': 'You are not allowed to do this',
};

const zh: Messages = {
  'auth.loginFirst': '请先登录',
  'auth.forbidden': '您无权执行此操作',
};

export const accountMessages = { tr, en, zh };
