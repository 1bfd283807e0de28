/**
 * API messages of points: the ledger, check-in, collections. Turkish defines the keys;
 * English and Chinese must have every one (the type and messages.test.ts check).
 */
const tr = {
  'points.insufficient': 'Yetersiz puan',
} as const;

type Messages = Record<keyof typeof tr, string>;

const en: Messages = {
  'points.insufficient': 'Insufficient points',
};

const zh: Messages = {
  'points.insufficient': '积分不足',
};

export const pointsMessages = { tr, en, zh };
