import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import { UserInfoSchema } from '../../../core/contracts/account';
import {
  AvatarBodySchema,
  ChangeEmailBodySchema,
  ChangeNicknameBodySchema,
  profileEndpoints,
  SettingsBodySchema,
  UpdateInfoBodySchema,
} from '../../../core/contracts/profile';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/current-user';
import {
  changeAvatar,
  changeEmail,
  changeNickname,
  requestCancellation,
  revokeCancellation,
  updateContactInfo,
  updateSettings,
} from './profile.service';

const UserInfoResponse = apiSuccessSchema(UserInfoSchema);
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

/**
 * The signed-in user's personal data (docs/api/accounts.md "Personal data"). No endpoint takes
 * a user id: each changes the account of the request's session only.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (app, options) => {
  const { db } = options;
  const now = () => options.now?.() ?? new Date();
  // Signed-in only: checked before the body is, so a signed-out caller always gets the 401.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

  app.post(
    profileEndpoints.updateInfo.path,
    {
      schema: {
        tags: ['profile'],
        summary: 'Gender and contacts; "" or null clears a contact',
        body: UpdateInfoBodySchema,
        response: { 200: UserInfoResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await updateContactInfo(db, { userId: user.id, changes: request.body, now: now() }));
    },
  );

  app.post(
    profileEndpoints.changeNickname.path,
    {
      schema: {
        tags: ['profile'],
        summary: 'A new nickname (unique ignoring case; 409 NICKNAME_TAKEN)',
        body: ChangeNicknameBodySchema,
        response: { 200: UserInfoResponse, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await changeNickname(db, { userId: user.id, nickname: request.body.nickname, now: now() }));
    },
  );

  app.post(
    profileEndpoints.changeEmail.path,
    {
      schema: {
        tags: ['profile'],
        summary: 'A new email address, with the code mailed to it (code purpose changeEmail)',
        body: ChangeEmailBodySchema,
        response: { 200: UserInfoResponse, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { email, code } = request.body;
      return ok(await changeEmail(db, { userId: user.id, email, code, now: now(), ip: request.ip }));
    },
  );

  app.post(
    profileEndpoints.changeAvatar.path,
    {
      schema: {
        tags: ['profile'],
        summary: 'Choose one of the avatars (AVATAR_IDS)',
        body: AvatarBodySchema,
        response: { 200: UserInfoResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await changeAvatar(db, { userId: user.id, avatar: request.body.avatar, now: now() }));
    },
  );

  app.post(
    profileEndpoints.saveSettings.path,
    {
      schema: {
        tags: ['profile'],
        summary: 'Notification switches (merged), language, theme and odds format',
        body: SettingsBodySchema,
        response: { 200: UserInfoResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await updateSettings(db, { userId: user.id, settings: request.body, now: now() }));
    },
  );

  app.post(
    profileEndpoints.requestCancellation.path,
    {
      schema: {
        tags: ['profile'],
        summary: 'Ask for the account to be closed; it closes 15 days later unless revoked',
        response: { 200: UserInfoResponse, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await requestCancellation(db, { userId: user.id, now: now() }));
    },
  );

  app.post(
    profileEndpoints.revokeCancellation.path,
    {
      schema: {
        tags: ['profile'],
        summary: 'Withdraw a pending cancellation',
        response: { 200: UserInfoResponse, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await revokeCancellation(db, { userId: user.id, now: now() }));
    },
  );
};
