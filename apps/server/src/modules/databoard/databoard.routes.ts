import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { route } from '../../http/route';
import { inMerchant, inScope } from '../../http/scope';

/** The home workbench's figures, within the caller's merchant and team subtree. */
export function registerDataboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, '首页', {
    method: 'GET',
    url: '/databoard/summary',
    summary: '首页工作台：本车队及下级车队的组织、用户、角色数量',
    access: ['car01'],
    handler: async ({ auth }) => {
      const { db } = ctx;
      const [merchant, teams, members, roles] = await Promise.all([
        db.selectFrom('merchant').select('name').where('id', '=', auth.merchantId).executeTakeFirstOrThrow(),
        db
          .selectFrom('team')
          .select(['team_name as teamName', 'team_code as teamCode', 'parent_code as parentCode'])
          .where(inScope(auth.scope, 'team'))
          .orderBy('team_code')
          .execute(),
        db
          .selectFrom('user_merchant')
          .innerJoin('app_user as u', 'u.id', 'user_merchant.user_id')
          .select(['user_merchant.team_code as teamCode'])
          .where(inScope(auth.scope, 'user_merchant'))
          .where('u.status', '=', 1)
          .where('user_merchant.status', '=', 1)
          .execute(),
        db
          .selectFrom('role')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(inMerchant(auth.scope, 'role'))
          .executeTakeFirstOrThrow(),
      ]);
      const perTeam = new Map<string, number>();
      for (const m of members) perTeam.set(m.teamCode, (perTeam.get(m.teamCode) ?? 0) + 1);
      return {
        merchantName: merchant.name,
        teamCount: teams.length,
        userCount: members.length,
        roleCount: Number(roles.n),
        teams: teams.map((t) => ({ ...t, userCount: perTeam.get(t.teamCode) ?? 0 })),
      };
    },
  });
}
