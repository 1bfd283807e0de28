/**
 * API messages of points and personal data: the ledger, check-in, profile, collections and
 * the staff tools. Turkish defines the keys; English and Chinese must have every one (the type
 * and messages.test.ts check). Contact-field rules: docs/decisions/031-contact-fields.md.
 */
const tr = {
  'points.insufficient': 'Yetersiz puan',
  'points.idempotencyMismatch': 'Bu istek daha önce başka değerlerle yapıldı',
  'points.accountClosed': 'Bu hesap kapatıldı',
  'points.userNotFound': 'Kullanıcı bulunamadı',
  'points.limit': 'Puan bakiyesi daha fazla artırılamaz',
  'points.checkin.already': 'Bugünün check-in ödülünü zaten aldınız',

  'profile.gender.required': 'Lütfen cinsiyet seçin',
  'profile.phone.invalid': 'Telefon numarası 6–20 karakter olmalı; yalnızca rakam, boşluk, + ve - içerebilir',
  'profile.address.tooLong': 'Adres en fazla 200 karakter olabilir',
  'profile.telegram.invalid': 'Geçerli bir Telegram kullanıcı adı veya t.me bağlantısı girin',
  'profile.whatsapp.invalid': 'Geçerli bir WhatsApp numarası veya wa.me bağlantısı girin',
  'profile.instagram.invalid': 'Geçerli bir Instagram kullanıcı adı veya instagram.com bağlantısı girin',
  'profile.facebook.invalid': 'Geçerli bir Facebook kullanıcı adı veya facebook.com bağlantısı girin',
  'profile.email.same': 'Bu zaten hesabınızın e-posta adresi',
  'profile.avatar.invalid': 'Lütfen listedeki avatarlardan birini seçin',
  'profile.locale.required': 'Lütfen dil seçin',
  'profile.theme.invalid': 'Tema açık (light) veya koyu (dark) olmalı',
  'profile.eventMsgStatus.invalid': 'Bildirim ayarları geçersiz',

  'collections.matchId.invalid': 'Lütfen bir maç seçin',
  'collections.competitionId.invalid': 'Lütfen bir lig seçin',
  'collections.competition.notFound': 'Lig bulunamadı',
  'collections.limit': 'En fazla {max} öğe takip edebilirsiniz',

  'staff.points.amountRequired': 'Lütfen puan miktarını girin',
  'staff.points.amountInvalid': 'Puan, 0 dışında bir tam sayı olmalı',
  'staff.points.reasonRequired': 'Lütfen bir gerekçe girin',
  'staff.points.reasonLength': 'Gerekçe 3–200 karakter olmalı',
  'staff.points.keyInvalid': 'İstek anahtarı 1–100 görünür karakter olmalı',
  'staff.points.self': 'Kendi puanınızı değiştiremezsiniz',
} as const;

type Messages = Record<keyof typeof tr, string>;

const en: Messages = {
  'points.insufficient': 'Insufficient points',
  'points.idempotencyMismatch': 'This request was already made with other values',
  'points.accountClosed': 'This account is closed',
  'points.userNotFound': 'User not found',
  'points.limit': 'The points balance cannot grow any further',
  'points.checkin.already': 'You have already checked in today',

  'profile.gender.required': 'Please select gender',
  'profile.phone.invalid': 'A phone number has 6–20 characters: digits, spaces, + and - only',
  'profile.address.tooLong': 'The address can be at most 200 characters long',
  'profile.telegram.invalid': 'Please enter a valid Telegram username or t.me link',
  'profile.whatsapp.invalid': 'Please enter a valid WhatsApp number or wa.me link',
  'profile.instagram.invalid': 'Please enter a valid Instagram username or instagram.com link',
  'profile.facebook.invalid': 'Please enter a valid Facebook username or facebook.com link',
  'profile.email.same': 'This is already the email address of your account',
  'profile.avatar.invalid': 'Please choose one of the listed avatars',
  'profile.locale.required': 'Please select language',
  'profile.theme.invalid': 'The theme must be light or dark',
  'profile.eventMsgStatus.invalid': 'The notification settings are not valid',

  'collections.matchId.invalid': 'Please choose a match',
  'collections.competitionId.invalid': 'Please choose a competition',
  'collections.competition.notFound': 'Competition not found',
  'collections.limit': 'You can follow at most {max} items',

  'staff.points.amountRequired': 'Please enter the points',
  'staff.points.amountInvalid': 'The points must be a whole number other than 0',
  'staff.points.reasonRequired': 'Please enter a reason',
  'staff.points.reasonLength': 'The reason must be 3–200 characters long',
  'staff.points.keyInvalid': 'The request key must be 1–100 visible characters',
  'staff.points.self': 'You cannot change your own points',
};

const zh: Messages = {
  'points.insufficient': '积分不足',
  'points.idempotencyMismatch': '该请求已以不同的内容提交过',
  'points.accountClosed': '该账户已注销',
  'points.userNotFound': '未找到用户',
  'points.limit': '积分余额无法继续增加',
  'points.checkin.already': '今天已经签到过了',

  'profile.gender.required': '请选择性别',
  'profile.phone.invalid': '电话号码为 6–20 个字符，只能包含数字、空格、+ 和 -',
  'profile.address.tooLong': '地址最多 200 个字符',
  'profile.telegram.invalid': '请输入有效的 Telegram 用户名或 t.me 链接',
  'profile.whatsapp.invalid': '请输入有效的 WhatsApp 号码或 wa.me 链接',
  'profile.instagram.invalid': '请输入有效的 Instagram 用户名或 instagram.com 链接',
  'profile.facebook.invalid': '请输入有效的 Facebook 用户名或 facebook.com 链接',
  'profile.email.same': '这已经是您账户的邮箱地址',
  'profile.avatar.invalid': '请选择列表中的一个头像',
  'profile.locale.required': '请选择语言',
  'profile.theme.invalid': '主题必须是浅色（light）或深色（dark）',
  'profile.eventMsgStatus.invalid': '通知设置无效',

  'collections.matchId.invalid': '请选择一场比赛',
  'collections.competitionId.invalid': '请选择一个赛事',
  'collections.competition.notFound': '未找到赛事',
  'collections.limit': '最多只能收藏 {max} 项',

  'staff.points.amountRequired': '请输入积分数量',
  'staff.points.amountInvalid': '积分必须是不为 0 的整数',
  'staff.points.reasonRequired': '请输入原因',
  'staff.points.reasonLength': '原因须为 3–200 个字符',
  'staff.points.keyInvalid': '请求标识须为 1–100 个可见字符',
  'staff.points.self': '不能修改自己的积分',
};

export const pointsMessages = { tr, en, zh };
