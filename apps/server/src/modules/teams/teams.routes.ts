import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { route } from '../../http/route';
import { teamSubtree } from './teams.repository';

export function registerTeamRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, '组织', {
    method: 'GET',
    url: '/team/tree',
    summary: '当前用户所在车队及其下级车队（平铺列表，按 parentCode 组成树）',
    access: 'login',
    list: true,
    // The answer depends on the token's user and merchant, which a URL-keyed cache cannot see.
    handler: async ({ auth, reply }) => {
      reply.header('cache-control', 'no-store');
      return teamSubtree(ctx.db, auth.scope);
    },
  });
}
