import { emailSchema, isKnownCode, phoneLooseSchema } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { UPLOAD_URL_PREFIX } from '../files/files.routes';
import { markPopMessagesRead, recordMenuVisit, userInfo } from './users.service';

const profile = z.object({
  nickname: z.string().trim().min(1, '请输入姓名').max(30, '姓名最多30个字符').optional(),
  phone: z.union([z.literal(''), phoneLooseSchema]).optional(),
  email: z.union([z.literal(''), emailSchema]).optional(),
  avatar: z
    .string()
    .trim()
    .max(500, '头像地址过长')
    .refine(isAvatarAddress, '须为上传的图片或 http(s) 网址')
    .optional(),
  introduction: z.string().max(500, '简介最多500个字符').optional(),
});
/** An avatar is empty, a file uploaded to the platform, or an http(s) address: never javascript:, data: and the like. */
function isAvatarAddress(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith(`${UPLOAD_URL_PREFIX}/`))
    return /^[\w-]+(\/[\w-]+)*(\.[\w]+)?$/.test(value.slice(UPLOAD_URL_PREFIX.length + 1));
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

const labels = {
  nickname: '姓名',
  phone: '手机号',
  email: '邮箱',
  avatar: '头像',
  introduction: '简介',
  code: '菜单编码',
};

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '用户';
  route(app, tag, {
    method: 'GET',
    url: '/user/info',
    summary: '当前用户信息：团队、角色、菜单权限 elemCodes（逗号分隔）、最新与常用菜单、弹窗公告',
    access: 'login',
    handler: ({ auth }) => userInfo(ctx.db, auth),
  });

  route(app, tag, {
    method: 'POST',
    url: '/user/info',
    summary: '当前用户信息；带资料字段时先更新个人资料（个人中心）',
    access: 'login',
    labels,
    body: profile,
    handler: async ({ auth, body }) => {
      const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length > 0) {
        await ctx.db
          .updateTable('app_user')
          .set({ ...set, updated_at: ctx.config.now() })
          .where('id', '=', auth.userId)
          .execute();
      }
      return userInfo(ctx.db, auth);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/user/getUserLit',
    summary: '处理人选择：本商户本车队及下级车队的用户（按姓名模糊查询）',
    access: 'login',
    list: true,
    body: z.object({
      ...paging,
      pageSize: paging.pageSize.default(20),
      nickname: z.string().trim().max(30).optional(),
    }),
    handler: async ({ auth, body }) => {
      let q = ctx.db
        .selectFrom('app_user as u')
        .innerJoin('user_merchant as user_merchant', 'user_merchant.user_id', 'u.id')
        .where(inScope(auth.scope, 'user_merchant'))
        .where('u.status', '=', 1)
        .where('user_merchant.status', '=', 1);
      if (body.nickname) q = q.where('u.nickname', 'like', `%${body.nickname}%`);
      const [list, total] = await Promise.all([
        q
          .select(['u.id', 'u.nickname'])
          .orderBy('u.id')
          .limit(body.pageSize)
          .offset(pageOffset(body))
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(total.n) };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/user/menuVisit',
    summary: '记录一次菜单访问（最新、常用标签的来源）',
    access: 'login',
    labels,
    body: z.object({ code: z.string().max(40) }),
    handler: async ({ auth, body }) => {
      if (!isKnownCode(body.code) || !auth.codes.has(body.code)) throw badInput('菜单编码: 不存在或无权限');
      await recordMenuVisit(ctx.db, auth.userId, body.code, ctx.config.now());
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/user/popMsg/read',
    summary: '弹窗公告已读（之后不再弹出）',
    access: 'login',
    body: z.object({ ids: z.array(z.number().int().positive()).min(1, '请选择公告').max(100) }),
    handler: ({ auth, body }) => markPopMessagesRead(ctx.db, auth, body.ids, ctx.config.now()),
  });
}
