/**
 * Turkish messages: this object defines the keys of the one message source (see
 * core/messages/messages.ts). Placeholders are i18next's `{{name}}`.
 */
export const tr = {
  // api
  'api.validation.failed': 'İstek geçersiz',
  'api.validation.notANumber': 'Bir sayı olmalı',
  'api.validation.notAnInteger': 'Bir tam sayı olmalı',
  'api.validation.notAString': 'Bir metin olmalı',
  'api.validation.tooSmall': 'En az {{min}} olmalı',
  'api.validation.tooBig': 'En fazla {{max}} olmalı',
  'api.validation.tooShort': 'En az {{min}} karakter olmalı',
  'api.validation.tooLong': 'En fazla {{max}} karakter olmalı',
  'api.validation.notAllowed': 'İzin verilen değerlerden biri olmalı',
  'api.validation.invalid': 'Geçersiz değer',
  'api.validation.controlCharacters': 'Kontrol karakterleri (NUL gibi) içeremez',
  'api.match.notFound': 'Maç bulunamadı',
  'api.crest.notFound': 'Arma bulunamadı',
  'api.notFound': 'Aradığınız adres bulunamadı',
  'api.badRequest': 'İstek anlaşılamadı',
  'api.tooLarge': 'İstek çok büyük',
  'api.methodNotAllowed': 'Bu adres bu tür bir isteği kabul etmiyor',
  'api.internal': 'Sunucuda bir hata oluştu, lütfen biraz sonra yeniden deneyin',

  // auth
  'auth.loginFirst': 'Lütfen önce giriş yapın',
  'auth.forbidden': 'Bu işlem için yetkiniz yok',
  'auth.crossSite': 'Bu istek başka bir siteden geldiği için reddedildi',

  // account
  'account.email.required': 'Lütfen e-posta adresinizi girin',
  'account.email.invalid': 'Lütfen geçerli bir e-posta adresi girin',
  'account.code.required': 'Lütfen doğrulama kodunu girin',
  'account.code.format': 'Doğrulama kodu 6 rakamdan oluşur',
  'account.code.invalid': 'Doğrulama kodu yanlış veya süresi dolmuş',
  'account.password.required': 'Lütfen şifrenizi girin',
  'account.password.rule': 'Şifre 8–72 karakter olmalı ve harf ile rakam içermeli',
  'account.confirmPassword.required': 'Lütfen şifrenizi tekrar girin',
  'account.password.mismatch': 'Girilen iki şifre aynı değil',
  'account.oldPassword.required': 'Lütfen mevcut şifrenizi girin',
  'account.oldPassword.wrong': 'Mevcut şifre yanlış',
  'account.nickname.required': 'Lütfen bir takma ad girin',
  'account.nickname.length': 'Takma ad 2–20 karakter olmalı',
  'account.nickname.chars': 'Takma ad yalnızca harf, rakam, boşluk, nokta, alt çizgi ve tire içerebilir',
  'account.nickname.taken': 'Bu takma ad kullanılıyor',
  'account.email.taken': 'Bu e-posta adresiyle kayıtlı bir hesap var',
  'account.inviteCode.required': 'Lütfen davet kodunu girin',
  'account.inviteCode.unknown': 'Bu davet kodu bulunamadı',
  'account.account.required': 'Lütfen e-posta adresinizi veya takma adınızı girin',
  'account.loginFailed': 'Giriş başarısız',
  'account.rateLimited': 'Çok fazla deneme yapıldı, lütfen {{seconds}} saniye sonra yeniden deneyin',
  'account.mail.code.subject': 'Tribün doğrulama kodunuz: {{code}}',
  'account.mail.code.register': 'Tribün’e hoş geldiniz! Kayıt için doğrulama kodunuz: {{code}}\n\nKod {{minutes}} dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.',
  'account.mail.code.reset': 'Şifrenizi sıfırlamak için doğrulama kodunuz: {{code}}\n\nKod {{minutes}} dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz; şifreniz değişmez.',
  'account.mail.code.changePassword': 'Şifrenizi değiştirmek için doğrulama kodunuz: {{code}}\n\nKod {{minutes}} dakika geçerlidir. Bu isteği siz yapmadıysanız şifrenizi hemen değiştirin.',
  'account.mail.code.changeEmail': 'Bu adresi Tribün hesabınıza bağlamak için doğrulama kodunuz: {{code}}\n\nKod {{minutes}} dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.',
  'account.mail.noAccount.subject': 'Tribün şifre sıfırlama',
  'account.mail.noAccount.text': 'Bu e-posta adresi için şifre sıfırlama istendi, ancak bu adresle kayıtlı bir Tribün hesabı yok.\n\nBu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.',

  // points
  'points.insufficient': 'Yetersiz puan',
  'points.idempotencyMismatch': 'Bu istek daha önce başka değerlerle yapıldı',
  'points.accountClosed': 'Bu hesap kapatıldı',
  'points.userNotFound': 'Kullanıcı bulunamadı',
  'points.limit': 'Puan bakiyesi daha fazla artırılamaz',
  'points.checkin.already': 'Bugünün check-in ödülünü zaten aldınız',

  // profile
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

  // collections
  'collections.matchId.invalid': 'Lütfen bir maç seçin',
  'collections.competitionId.invalid': 'Lütfen bir lig seçin',
  'collections.competition.notFound': 'Lig bulunamadı',
  'collections.limit': 'En fazla {{max}} öğe takip edebilirsiniz',

  // staff
  'staff.points.amountRequired': 'Lütfen puan miktarını girin',
  'staff.points.amountInvalid': 'Puan, 0 dışında bir tam sayı olmalı',
  'staff.points.reasonRequired': 'Lütfen bir gerekçe girin',
  'staff.points.reasonLength': 'Gerekçe 3–200 karakter olmalı',
  'staff.points.keyInvalid': 'İstek anahtarı 1–100 görünür karakter olmalı',
  'staff.points.self': 'Kendi puanınızı değiştiremezsiniz',

  // oauth
  'oauth.accountClosed': 'Bu hesap kapatıldı',

  // replay
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

  // imports
  'imports.failed': 'Dosya içe aktarılamadı; hiçbir şey değiştirilmedi',
  'imports.json.invalid': 'Geçerli bir JSON değil ({{detail}})',
  'imports.field.required': 'Bu alan gerekli',
  'imports.field.unknown': 'Bilinmeyen alan: {{keys}}',
  'imports.date.invalid': 'Tarih YYYY-AA-GG biçiminde geçerli bir gün olmalı',
  'imports.time.invalid': 'Saat SS:DD biçiminde olmalı (isteğe bağlı olarak "UTC+3" gibi bir fark ile)',
  'imports.score.invalid': 'Skor [ev sahibi, deplasman] biçiminde iki tam sayı olmalı',
  'imports.status.invalid': 'Durum "awarded" veya "postponed" olmalı',
  'imports.matches.empty': 'Dosyada hiç maç yok',
  'imports.match.sameTeam': 'Bir takım kendisiyle oynayamaz ({{team}})',
  'imports.match.halfTimeAboveFullTime': 'İlk yarı skoru maç sonu skorundan yüksek',
  'imports.match.fullTimeAboveExtraTime': 'Maç sonu skoru uzatma sonrası skordan yüksek',
  'imports.season.unknown': 'Sezon ne dosya adından (2023-24/en.1.json) ne de dosyadan okunabildi; sezonu belirtin (ör. 2023/24)',
  'imports.season.invalid': 'Sezon 2023/24 veya 2026 biçiminde olmalı',
  'imports.season.notFound': 'Sezon bulunamadı',
  'imports.competition.notFound': '{{id}} numaralı bir lig yok',
  'imports.rules.unknown': 'Bilinmeyen sıralama kuralları',
  'imports.rules.unknownNamed': 'Bilinmeyen sıralama kuralları "{{rules}}" (bilinenler: {{known}})',
  'imports.fileName.invalid': 'Dosya adı 1–200 karakter olmalı ve .json ile bitmeli',
  'imports.content.required': 'Lütfen bir dosya seçin',
  'imports.deductions.notAList': 'Puan silmeleri bir liste olmalı: [{"team", "points", "reason"}]',
  'imports.deduction.teamRequired': 'Lütfen bir takım seçin',
  'imports.deduction.teamNotInSeason': '{{team}} bu sezonda hiç maç oynamıyor',
  'imports.deduction.pointsInvalid': 'Silinen puan 1 ile 200 arasında bir tam sayı olmalı',
  'imports.deduction.reasonLength': 'Gerekçe 3–500 karakter olmalı',
  'imports.deduction.notFound': 'Puan silme kaydı bulunamadı',

  // api
  'api.match.detailExpired': 'Üç aydan eski maçlar için ayrıntı görüntülenemez',
  'api.competition.notFound': 'Lig bulunamadı',
  'api.season.notFound': 'Bu ligin böyle bir sezonu yok',
  'api.team.notFound': 'Takım bulunamadı',

  // generic
  'generic.invalid': 'Lütfen bu alanı kontrol edin',
} as const;

export type MessageKey = keyof typeof tr;
