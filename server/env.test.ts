import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { DEFAULT_FORECAST_CONFIG, forecastConfigOf } from './modules/forecast/forecast-config';
import { DEFAULT_GUESSING_CONFIG, guessingConfigOf } from './modules/guessing/guessing-config';
import { filesSettings } from './modules/files/files.module';
import { MODULES } from './modules/index';
import { readSettings } from './settings/module-settings';
import { DEFAULT_ODDS_MARGIN, oddsMarginOf } from './modules/odds/odds-config';

describe('parseEnv', () => {
  it('runs with no environment at all: embedded database and broker, simulator on', () => {
    const env = parseEnv({});
    expect(env).toEqual({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      SIM_SPEED: 1,
      SIM: true,
      // no public seed by default: matches are drawn from the database's secret (decision 099)
      // each competition on its real days and local kick-off slots (decision 091)
      SIM_CALENDAR: 'believable',
      APP_STORE_REDIRECT: true,
      // no app in any store yet: nobody is sent to a store, nothing offers a download
      APP_STORE_IOS_URL: '',
      APP_STORE_ANDROID_URL: '',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      API_DOCS: true,
      MAIL_FROM: 'Tribün <no-reply@tribun.local>',
      WELCOME_POINTS: 100,
      PAGE_CACHE_TTL_MS: 2000,
      // user files on local disk under DATA_DIR/uploads (decision 132)
      STORAGE: 'disk',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      // an upload no feature claimed is swept a day after it was stored
      OAUTH_GOOGLE_ISSUER: 'https://accounts.google.com',
      OAUTH_APPLE_ISSUER: 'https://appleid.apple.com',
      OAUTH_FACEBOOK_AUTHORIZATION_URL: 'https://www.facebook.com/v21.0/dialog/oauth',
      OAUTH_FACEBOOK_TOKEN_URL: 'https://graph.facebook.com/v21.0/oauth/access_token',
      OAUTH_FACEBOOK_USERINFO_URL: 'https://graph.facebook.com/v21.0/me',
      raw: {},
    });
    expect(env.OAUTH_GOOGLE_CLIENT_ID).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.BROKER_URL).toBeUndefined();
  });

  it('reads a scale-out setup', () => {
    const env = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://tribun@db:5432/tribun',
      BROKER_URL: 'mqtt://broker:1883',
      BROKER_WS_URL: 'wss://live.example.com/mqtt',
      BROKER_USERNAME: 'server',
      BROKER_PASSWORD: 'secret',
      SIM: 'off',
      SIM_SPEED: '60',
      SIM_SEED: '42',
      APP_STORE_REDIRECT: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://tribun@db:5432/tribun',
      BROKER_URL: 'mqtt://broker:1883',
      BROKER_WS_URL: 'wss://live.example.com/mqtt',
      BROKER_USERNAME: 'server',
      BROKER_PASSWORD: 'secret',
      SIM: false,
      SIM_SPEED: 60,
      SIM_SEED: 42,
      APP_STORE_REDIRECT: false,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: ' ', SIM: '' })).toMatchObject({
      PORT: 3000,
      SIM: true,
      DATABASE_URL: undefined,
    });
  });

  it('names every bad variable in one error', () => {
    expect(() =>
      parseEnv({
        PORT: '70000',
        DATABASE_URL: 'mysql://db/tribun',
        BROKER_URL: 'http://broker',
        BROKER_WS_URL: 'mqtt://broker',
        SIM_SPEED: '0',
        SIM: 'yes',
        SIM_SEED: 'abc',
        APP_STORE_IOS_URL: 'http://apps.apple.com/',
        LOG_LEVEL: 'loud',
        NODE_ENV: 'staging',
      }),
    ).toThrow(
      [
        'Invalid environment:',
        '  PORT: must be an integer between 1 and 65535',
        '  DATABASE_URL: must be a postgres:// or postgresql:// URL',
        '  BROKER_URL: must be an mqtt://, mqtts://, ws:// or wss:// URL',
        '  BROKER_WS_URL: must be a ws:// or wss:// URL',
        '  SIM_SPEED: must be a positive number up to 3600',
        '  SIM: must be on or off',
        '  SIM_SEED: must be an integer between 0 and 2147483647',
        '  APP_STORE_IOS_URL: must be an https:// URL',
        '  LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
        '  NODE_ENV: must be development, production or test',
      ].join('\n'),
    );
  });

  it('has no app store address unless one is set: an https address of the app, never a store front page by default', () => {
    expect(parseEnv({ APP_STORE_IOS_URL: ' ', APP_STORE_ANDROID_URL: '' })).toMatchObject({ APP_STORE_IOS_URL: '', APP_STORE_ANDROID_URL: '' });
    expect(
      parseEnv({
        APP_STORE_IOS_URL: 'https://apps.apple.com/app/tribun/id1234567890',
        APP_STORE_ANDROID_URL: 'https://play.google.com/store/apps/details?id=example.tribun',
      }),
    ).toMatchObject({
      APP_STORE_REDIRECT: true,
      APP_STORE_IOS_URL: 'https://apps.apple.com/app/tribun/id1234567890',
      APP_STORE_ANDROID_URL: 'https://play.google.com/store/apps/details?id=example.tribun',
    });
    for (const value of ['http://play.google.com/store/apps/details?id=example.tribun', 'play.google.com', 'javascript:alert(1)']) {
      expect(() => parseEnv({ APP_STORE_ANDROID_URL: value }), value).toThrow('APP_STORE_ANDROID_URL: must be an https:// URL');
    }
  });

  it.each(['0', '-1', 'abc', '3601', '1e3'])('refuses SIM_SPEED=%s', (value) => {
    expect(() => parseEnv({ SIM_SPEED: value })).toThrow('SIM_SPEED: must be a positive number up to 3600');
  });

  it.each(['0.5', '3600'])('accepts SIM_SPEED=%s', (value) => {
    expect(parseEnv({ SIM_SPEED: value }).SIM_SPEED).toBe(Number(value));
  });

  it('checks every feature’s own variables with the server’s, one line per bad value, all at once', () => {
    const shapes = MODULES.flatMap((module) => (module.settings ? [module.settings] : []));
    expect(() => parseEnv({ PORT: 'x', FORECAST_DAILY_LIMIT: '0', GUESSING_MAX_STAKE: 'ten' }, shapes)).toThrow(
      'Invalid environment:\n  PORT: must be an integer between 1 and 65535\n  FORECAST_DAILY_LIMIT: must be an integer between 1 and 1000\n  GUESSING_MAX_STAKE: must be an integer between 1 and 1000000000',
    );
    const env = parseEnv({ FORECAST_DAILY_LIMIT: '7' }, shapes);
    expect(env.raw).toEqual({ FORECAST_DAILY_LIMIT: '7' });
    expect(forecastConfigOf(env.raw)).toEqual({ dailyLimit: 7, sellerSharePercent: 70 });
    // No two features declare the same variable, and none declares one of the server's own.
    const names = shapes.flatMap((shape) => Object.keys(shape));
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => name in parseEnv({}))).toEqual([]);
  });

  it('reads the prediction centre settings and refuses values outside their ranges', () => {
    // apps built without settings (tests, benchmarks) use the same defaults
    expect(forecastConfigOf({})).toEqual(DEFAULT_FORECAST_CONFIG);
    expect(DEFAULT_FORECAST_CONFIG).toEqual({ dailyLimit: 5, sellerSharePercent: 70 });
    expect(oddsMarginOf({})).toBe(DEFAULT_ODDS_MARGIN);
    expect(DEFAULT_ODDS_MARGIN).toBe(0.05);
    expect(forecastConfigOf({ FORECAST_DAILY_LIMIT: '1000', FORECAST_SELLER_SHARE: '0' })).toEqual({ dailyLimit: 1000, sellerSharePercent: 0 });
    expect(forecastConfigOf({ FORECAST_DAILY_LIMIT: '1', FORECAST_SELLER_SHARE: '100' })).toEqual({ dailyLimit: 1, sellerSharePercent: 100 });
    expect(oddsMarginOf({ ODDS_MARGIN: '0.25' })).toBe(0.25);
    expect(oddsMarginOf({ ODDS_MARGIN: '0' })).toBe(0);
    expect(oddsMarginOf({ ODDS_MARGIN: '' })).toBe(0.05);
    for (const value of ['0', '1001', '2.5', 'five']) {
      expect(() => forecastConfigOf({ FORECAST_DAILY_LIMIT: value }), value).toThrow('FORECAST_DAILY_LIMIT: must be an integer between 1 and 1000');
    }
    for (const value of ['-1', '101', '70%']) {
      expect(() => forecastConfigOf({ FORECAST_SELLER_SHARE: value }), value).toThrow('FORECAST_SELLER_SHARE: must be an integer between 0 and 100');
    }
    for (const value of ['-0.1', '0.26', '5%', '1e-2']) {
      expect(() => oddsMarginOf({ ODDS_MARGIN: value }), value).toThrow('ODDS_MARGIN: must be a number between 0 and 0.25');
    }
  });

  it('reads the guessing contest limits and refuses values outside their ranges', () => {
    expect(DEFAULT_GUESSING_CONFIG).toEqual({ maxStake: 10_000, dailyCap: 50_000, postponedVoidHours: 48 });
    expect(guessingConfigOf({ GUESSING_MAX_STAKE: '1', GUESSING_DAILY_CAP: '1000000000', GUESSING_POSTPONED_VOID_HOURS: '8760' })).toEqual({
      maxStake: 1,
      dailyCap: 1_000_000_000,
      postponedVoidHours: 8760,
    });
    for (const value of ['0', '2.5', 'ten']) {
      expect(() => guessingConfigOf({ GUESSING_MAX_STAKE: value }), value).toThrow('GUESSING_MAX_STAKE: must be an integer between 1 and 1000000000');
      expect(() => guessingConfigOf({ GUESSING_DAILY_CAP: value }), value).toThrow('GUESSING_DAILY_CAP: must be an integer between 1 and 1000000000');
      expect(() => guessingConfigOf({ GUESSING_POSTPONED_VOID_HOURS: value }), value).toThrow('GUESSING_POSTPONED_VOID_HOURS: must be an integer between 1 and 8760');
    }
  });

  it('keeps signed-out pages 2 s by default; 0 turns the page cache off; other values are refused', () => {
    expect(parseEnv({}).PAGE_CACHE_TTL_MS).toBe(2000);
    expect(parseEnv({ PAGE_CACHE_TTL_MS: '0' }).PAGE_CACHE_TTL_MS).toBe(0);
    expect(parseEnv({ PAGE_CACHE_TTL_MS: '3000' }).PAGE_CACHE_TTL_MS).toBe(3000);
    for (const value of ['-1', '1.5', 'two', '60001']) {
      expect(() => parseEnv({ PAGE_CACHE_TTL_MS: value }), value).toThrow('PAGE_CACHE_TTL_MS: must be an integer between 0 and 60000');
    }
  });

  it('keeps user files on disk by default and reads an S3-compatible store', () => {
    expect(
      parseEnv({
        STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'tribun-files',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'tribun',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'on',
      }),
    ).toMatchObject({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'tribun-files',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'tribun',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => parseEnv({ STORAGE: 's3' })).toThrow('S3_BUCKET: must be set when STORAGE=s3');
    expect(() => parseEnv({ STORAGE: 'ftp' })).toThrow('STORAGE: must be disk or s3');
    expect(readSettings(filesSettings, { UPLOAD_CLAIM_GRACE_HOURS: '2' }).UPLOAD_CLAIM_GRACE_HOURS).toBe(2);
    expect(readSettings(filesSettings, {}).UPLOAD_CLAIM_GRACE_HOURS).toBe(24);
    expect(() => readSettings(filesSettings, { UPLOAD_CLAIM_GRACE_HOURS: '0' })).toThrow('UPLOAD_CLAIM_GRACE_HOURS: must be an integer between 1 and 720');
    expect(() => parseEnv({ S3_ENDPOINT: 'ftp://store' })).toThrow('S3_ENDPOINT: must be an http:// or https:// URL');
    expect(() => parseEnv({ S3_BUCKET: 'Tribun_Files' })).toThrow('S3_BUCKET: must be a bucket name');
    expect(() => parseEnv({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE: must be on or off');
    expect(() => parseEnv({ STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'tribun' })).toThrow(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  });

  it('trusts no proxy by default; TRUST_PROXY names proxies by address, range or proxy-addr name', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toEqual(['127.0.0.1']);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, ::1, fd00::/8,loopback,uniquelocal' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
      'uniquelocal',
    ]);
  });

  it.each([
    ['1', 'TRUST_PROXY: hop counts are not supported: name the proxy addresses or ranges'],
    ['true', 'TRUST_PROXY: must be off or a comma-separated list'],
    ['on', 'TRUST_PROXY: must be off or a comma-separated list'],
    ['10.0.0.0/33', 'TRUST_PROXY: must be off or a comma-separated list'],
    ['127.0.0.1,,10.0.0.1', 'TRUST_PROXY: must be off or a comma-separated list'],
    ['proxy.example', 'TRUST_PROXY: must be off or a comma-separated list'],
  ])('refuses TRUST_PROXY=%s', (value, message) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(message);
  });

  it('reads ALLOWED_HOSTS as lower-case host[:port] names and refuses anything else', () => {
    expect(parseEnv({}).ALLOWED_HOSTS).toBeUndefined();
    expect(parseEnv({ ALLOWED_HOSTS: 'Tribun.example, www.tribun.example:8443,[::1]:3000,10.0.0.5' }).ALLOWED_HOSTS).toEqual([
      'tribun.example',
      'www.tribun.example:8443',
      '[::1]:3000',
      '10.0.0.5',
    ]);
    for (const value of ['https://tribun.example', 'tribun.example:99999', 'a b', '[', '*.tribun.example', 'tribun.example/path']) {
      expect(() => parseEnv({ ALLOWED_HOSTS: value }), value).toThrow('ALLOWED_HOSTS: must be a comma-separated list of host names');
    }
  });
});
