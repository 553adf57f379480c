import { OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { resetAuthCode } from '../../telematics/gateway/terminals';
import { recordOperation } from '../operate-log/operate-log.repository';
import { announceTerminals } from './bindings';
import { TERMINAL_CODES } from './terminals.record';
import { findOwnTerminal } from './terminals.service';

/**
 * 重置鉴权码: a terminal keeps its JT/T 808 authentication code across registrations; the operator
 * resets it when the code may be known to others (a device replaced, a takeover suspected). The
 * connection authenticated with it closes on every process, and the next registration gets a new code.
 */
export function registerTerminalAuthCodeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, '设备管理', {
    method: 'POST',
    url: '/terminal/resetAuthCode',
    summary: '重置终端鉴权码：旧鉴权码失效，在线连接断开，终端重新注册后获得新鉴权码',
    access: TERMINAL_CODES,
    labels: { id: '终端' },
    body: z.object({ id: idField('终端不正确') }),
    handler: async ({ auth, body }) => {
      const row = await findOwnTerminal(ctx.db, auth, body.id);
      await ctx.db.transaction().execute(async (tx) => {
        await resetAuthCode(tx, row.id);
        await recordOperation(
          tx,
          auth,
          {
            pageEnum: OPERATE_LOG_PAGES.terminal,
            dataId: row.id,
            teamCode: row.team_code,
            content: `重置终端 ${row.phone} 的鉴权码`,
          },
          ctx.config.now(),
        );
      });
      await announceTerminals(ctx, [row.id]);
      return { id: row.id };
    },
  });
}
