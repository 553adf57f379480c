import { phoneLooseSchema } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { route } from '../../http/route';
import * as repo from './auth.repository';
import * as service from './auth.service';
import { issueCaptcha } from './captcha';
import { revokeSessions } from './sessions';
import { checkSmsCode, sendSmsCode } from './sms';

const sha256 = z.string({ error: '请输入密码' }).regex(/^[0-9a-f]{64}$/, '密码须为小写十六进制SHA-256摘要');
const username = z
  .string({ error: '请输入用户名' })
  .trim()
  .min(1, '请输入用户名')
  .max(50, '用户名最多50个字符');
const verifyCodeId = z.string({ error: '缺少验证码编号' }).regex(/^[A-Za-z0-9-]{8,64}$/, '验证码编号不正确');
const smsBody = z.object({
  phone: phoneLooseSchema,
  code: z.string().regex(/^\d{6}$/, '请输入6位数字验证码'),
});
const labels = {
  username: '用户名',
  password: '密码',
  oldPassword: '原密码',
  newPassword: '新密码',
  phone: '手机号',
  code: '验证码',
  merchantId: '商户',
  refreshToken: '刷新令牌',
  verifyCodeId: '验证码编号',
};

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '会话';
  // calls of one client address per minute (login, picture code, SMS code checks)
  const perMinute = { max: ctx.config.loginRateLimit, timeWindow: 60_000 };
  const deps = { db: ctx.db, now: ctx.config.now, refreshMs: ctx.config.refreshTokenMs, bus: ctx.bus };

  route(app, tag, {
    method: 'POST',
    url: '/auth/login',
    summary: '登录：密码为输入内容的SHA-256；同一用户名15分钟内失败3次后需图形验证码',
    access: 'public',
    labels,
    rateLimit: perMinute,
    body: z.object({
      username,
      password: sha256,
      webVerifyCodeId: z.string().max(64).optional(),
      webVerifyCode: z.string().max(10).optional(),
    }),
    handler: ({ body, req }) => service.login(deps, body, req.ip ?? null),
  });

  route(app, tag, {
    method: 'POST',
    url: '/auth/refresh',
    summary: '用刷新令牌换取新的令牌（旧令牌随即失效）',
    access: 'public',
    labels,
    body: z.object({ refreshToken: z.string().min(10, '刷新令牌不正确').max(100) }),
    handler: ({ body }) => service.refresh(deps, body.refreshToken),
  });

  route(app, tag, {
    method: 'POST',
    url: '/auth/logout',
    summary: '退出登录，令牌作废',
    access: 'login',
    handler: async ({ auth }) => {
      await revokeSessions(
        ctx.db,
        ctx.bus,
        { userId: auth.userId, sessionId: auth.sessionId },
        ctx.config.now(),
      );
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/auth/reset',
    summary: '修改密码（需原密码）；其他会话随即失效',
    access: 'login',
    labels,
    body: z.object({ oldPassword: sha256, newPassword: sha256 }),
    handler: ({ auth, body }) => service.changePassword(deps, auth, body.oldPassword, body.newPassword),
  });

  route(app, tag, {
    method: 'GET',
    url: '/auth/getMerchantList',
    summary: '当前用户所属商户：商户编号 → 名称',
    access: 'login',
    handler: async ({ auth }) => {
      const list = await repo.memberships(ctx.db, auth.userId);
      return Object.fromEntries(list.map((m) => [String(m.merchantId), m.merchantName]));
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/auth/pickMerchant',
    summary: '切换当前商户（merchantId，或 groupIds 的第一个）',
    access: 'login',
    labels,
    body: z
      .object({
        merchantId: z.coerce.number().int().positive('商户不正确').optional(),
        groupIds: z
          .union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive())])
          .optional(),
      })
      .transform((b) => b.merchantId ?? (Array.isArray(b.groupIds) ? b.groupIds[0] : b.groupIds)),
    handler: async ({ auth, body }) => {
      if (!body) throw badInput('商户: 请选择商户');
      const merchant = await service.pickMerchant(deps, auth, body);
      return { merchantId: merchant.merchantId, merchantName: merchant.merchantName };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/verify/isShowVerifyCode',
    summary: '该用户名是否需要图形验证码（15分钟内失败3次及以上）',
    access: 'public',
    labels,
    rateLimit: perMinute,
    query: z.object({ userName: z.string().trim().max(50).default('') }),
    handler: ({ query }) => service.isCaptchaRequired(ctx.db, query.userName, ctx.config.now()),
  });

  route(app, tag, {
    method: 'GET',
    url: '/verify/getVerifyCode',
    summary: '图形验证码（SVG）；一次有效，5分钟过期',
    access: 'public',
    labels,
    rateLimit: perMinute,
    raw: true,
    query: z.object({ verifyCodeId }),
    handler: async ({ query, reply }) => {
      const svg = await issueCaptcha(ctx.db, query.verifyCodeId, ctx.config.now());
      reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/sms/send',
    summary: `发送短信验证码（同一号码60秒一次，每日${ctx.config.smsDailyLimit}次；同一地址每小时${ctx.config.smsRateLimit}次）`,
    access: 'public',
    labels,
    rateLimit: { max: ctx.config.smsRateLimit, timeWindow: 3600_000 },
    body: z.object({ phone: phoneLooseSchema }),
    handler: ({ body }) =>
      sendSmsCode(ctx.db, ctx.sms, body.phone, ctx.config.now(), ctx.config.smsDailyLimit),
  });

  route(app, tag, {
    method: 'POST',
    url: '/sms/check',
    summary: '校验短信验证码是否正确（不作废）',
    access: 'public',
    labels,
    rateLimit: perMinute,
    body: smsBody,
    handler: ({ body }) => checkSmsCode(ctx.db, body.phone, body.code, ctx.config.now(), false),
  });

  route(app, tag, {
    method: 'POST',
    url: '/sms/verifty',
    summary: '核验短信验证码并作废',
    access: 'public',
    labels,
    rateLimit: perMinute,
    body: smsBody,
    handler: async ({ body }) => {
      if (!(await checkSmsCode(ctx.db, body.phone, body.code, ctx.config.now(), true))) {
        throw badInput('验证码错误或已过期');
      }
      return true;
    },
  });
}
