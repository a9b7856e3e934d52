import {
  loginRequestSchema,
  updateUserNameRequestSchema,
  loginResponseSchema,
  currentUserResponseSchema,
  doneReplySchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { currentUser, login, logout, renameUser } from './users.service.ts';

/** Staff identity calls of spec §7 "Users". */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  for (const [path, requireCopilot] of [
    ['/world/api/user/login', false],
    ['/world/api/user/logincopilot', true],
  ] as const) {
    api.post(
      path,
      {
        schema: { body: loginRequestSchema, response: { '2xx': loginResponseSchema } },
        config: { access: 'public' },
      },
      async (request) => {
        const body = request.body;
        const session = await login(ctx, {
          venueId: request.venue.id,
          email: body.userEmail,
          password: body.password,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          requireCopilot,
        });
        return {
          result: 0,
          user: { ...session.user, token: session.token },
          expiresAt: session.expiresAt.toISOString(),
        };
      },
    );
  }

  api.get(
    '/world/api/user/logintoken',
    { schema: { response: { '2xx': currentUserResponseSchema } }, config: { access: 'staff' } },
    async (request) => ({
      result: 0,
      user: await currentUser(ctx, principalOf(request)),
    }),
  );

  // 200 when the caller may use /copilot and /kiosk; the guard answers 401 or 403 otherwise (spec §6).
  for (const [path, access] of [
    ['/world/api/user/checkrolecopilot', 'copilot'],
    ['/world/api/user/checkroleadmin', 'admin'],
  ] as const) {
    api.get(path, { schema: { response: { '2xx': doneReplySchema } }, config: { access } }, async () => ({
      result: 0,
    }));
  }

  api.post(
    '/world/api/user/update-user-name',
    {
      schema: { body: updateUserNameRequestSchema, response: { '2xx': currentUserResponseSchema } },
      config: { access: 'staff' },
    },
    async (request) => {
      const body = request.body;
      return { result: 0, user: await renameUser(ctx, principalOf(request), body.userName) };
    },
  );

  api.post(
    '/world/api/user/logout',
    { schema: { response: { '2xx': doneReplySchema } }, config: { access: 'staff' } },
    async (request) => {
      await logout(ctx, principalOf(request));
      return { result: 0 };
    },
  );
}
