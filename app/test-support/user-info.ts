import { DEFAULT_EVENT_MSG_STATUS, type UserInfo } from '../../core/contracts/account';

/** A well-formed UserInfo for tests; override what the test is about. */
export function makeUserInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 7,
    nickname: 'Cimbom',
    email: 'cimbom@example.com',
    avatar: 'a03',
    gender: null,
    phone: null,
    address: null,
    telegram: null,
    whatsapp: null,
    instagram: null,
    facebook: null,
    role: 'user',
    status: 'active',
    points: 120,
    invite_code: 'ABCD2345',
    fans_count: 0,
    following_count: 0,
    event_msg_status: { ...DEFAULT_EVENT_MSG_STATUS },
    locale: null,
    theme: null,
    odds_format: null,
    checkin: { streak: 0, last_day: null, checked_in_today: false },
    cancellation: null,
    created_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}
