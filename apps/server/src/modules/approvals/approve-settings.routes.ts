import {
  APPROVE_BUSINESS_TYPE,
  APPROVE_MAX_NODE_USERS,
  APPROVE_MAX_NODES,
  APPROVE_NODE_NAME_MESSAGE,
  APPROVE_NODE_NAME_RULE,
  APPROVE_SETTING_CODES,
  APPROVE_SETTING_PATHS,
  FEE_APPROVAL_CODES,
  formatDate,
  OPERATE_LOG_PAGES,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { recordOperation } from '../operate-log/operate-log.repository';

// 审批设置: a merchant's approval chain of a business type (1 运单费用): ordered nodes, each with
// its approvers (users enabled in the merchant holding a fee approval page's code). The
// information page (car0902) and the capacity page (tc010505) edit the same chain. Rounds under
// way keep the chain as it was when they were submitted (a snapshot): nothing here touches them.

const TAG = '审批设置';
export const NODE_MISSING = '审批节点不存在或无权操作';

const businessTypeField = z.coerce
  .number({ error: '业务类型不正确' })
  .refine((n) => n === APPROVE_BUSINESS_TYPE.waybillFee, '业务类型不正确')
  .default(APPROVE_BUSINESS_TYPE.waybillFee);

const nodeNameField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: '请输入节点名称' })
    .min(1, '请输入节点名称')
    .regex(APPROVE_NODE_NAME_RULE, APPROVE_NODE_NAME_MESSAGE),
);

const labels = {
  nodeName: '节点名称',
  nodeId: '审批节点',
  userIds: '审批人',
  userId: '审批人',
  id: '审批节点',
};

/** A user as the settings and the pickers show them. */
export interface ApproverView {
  userId: number;
  name: string;
  username: string;
  phone: string;
  teamCode: string;
}

/** The merchant's enabled users holding a fee approval page's code (by a role or an authorization in force). */
export async function choosableApprovers(
  db: Kysely<Database>,
  merchantId: number,
  now: number,
  only?: readonly number[],
): Promise<ApproverView[]> {
  const today = formatDate(new Date(now));
  const holders = db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .innerJoin('role_menu as rm', 'rm.role_id', 'r.id')
    .select('ur.user_id')
    .where('r.merchant_id', '=', merchantId)
    .where('rm.code', 'in', FEE_APPROVAL_CODES)
    .union(
      db
        .selectFrom('user_authorization as ua')
        .innerJoin('role_menu as rm', 'rm.role_id', 'ua.role_id')
        .select('ua.user_id')
        .where('ua.merchant_id', '=', merchantId)
        .where('rm.code', 'in', FEE_APPROVAL_CODES)
        .where('ua.status', '=', 1)
        .where('ua.start_date', '<=', today)
        .where('ua.end_date', '>=', today),
    );
  let q = db
    .selectFrom('user_merchant as um')
    .innerJoin('app_user as u', 'u.id', 'um.user_id')
    .select(['u.id', 'u.nickname', 'u.username', 'u.phone', 'um.team_code'])
    .where('um.merchant_id', '=', merchantId)
    .where('um.status', '=', 1)
    .where('u.status', '=', 1)
    .where('u.id', 'in', holders)
    .orderBy('u.id');
  if (only) q = q.where('u.id', 'in', only.length > 0 ? [...only] : [0]);
  const rows = await q.execute();
  return rows.map((r) => ({
    userId: r.id,
    name: r.nickname,
    username: r.username,
    phone: r.phone ?? '',
    teamCode: r.team_code,
  }));
}

/** The nodes of a merchant's chain in order, each with its approvers (as they are named now). */
export interface ChainNodeView {
  id: number;
  seq: number;
  nodeName: string;
  users: { userId: number; name: string; username: string; phone: string; enabled: boolean }[];
}

export async function chainOf(
  db: Kysely<Database>,
  merchantId: number,
  businessType: number = APPROVE_BUSINESS_TYPE.waybillFee,
): Promise<ChainNodeView[]> {
  const nodes = await db
    .selectFrom('approve_node')
    .select(['id', 'seq', 'node_name'])
    .where('merchant_id', '=', merchantId)
    .where('business_type', '=', businessType)
    .orderBy('seq')
    .orderBy('id')
    .execute();
  if (nodes.length === 0) return [];
  const users = await db
    .selectFrom('approve_node_user as nu')
    .innerJoin('app_user as u', 'u.id', 'nu.user_id')
    .leftJoin('user_merchant as um', (j) =>
      j.onRef('um.user_id', '=', 'nu.user_id').onRef('um.merchant_id', '=', 'nu.merchant_id'),
    )
    .select([
      'nu.node_id',
      'nu.user_id',
      'u.nickname',
      'u.username',
      'u.phone',
      'u.status',
      'um.status as member_status',
    ])
    .where(
      'nu.node_id',
      'in',
      nodes.map((n) => n.id),
    )
    .orderBy('nu.created_at')
    .orderBy('nu.user_id')
    .execute();
  return nodes.map((n, i) => ({
    id: n.id,
    seq: i + 1,
    nodeName: n.node_name,
    users: users
      .filter((u) => u.node_id === n.id)
      .map((u) => ({
        userId: u.user_id,
        name: u.nickname,
        username: u.username,
        phone: u.phone ?? '',
        enabled: u.status === 1 && u.member_status === 1,
      })),
  }));
}

/** The merchant's top team: the settings' log entries are seen by the whole merchant. */
async function merchantTeam(db: Kysely<Database>, merchantId: number, fallback: string): Promise<string> {
  const rows = await db
    .selectFrom('team')
    .select('team_code')
    .where('merchant_id', '=', merchantId)
    .execute();
  let top = fallback;
  for (const r of rows) if (r.team_code.length < top.length) top = r.team_code;
  return top;
}

async function logSetting(
  tx: Kysely<Database>,
  auth: AuthContext,
  dataId: number,
  content: string,
  at: number,
) {
  const teamCode = await merchantTeam(tx, auth.merchantId, auth.teamCode);
  await recordOperation(
    tx,
    auth,
    { pageEnum: OPERATE_LOG_PAGES.approveSetting, dataId, teamCode, content },
    at,
  );
}

/** A node of the caller's merchant, or 404. */
async function ownNode(db: Kysely<Database>, auth: AuthContext, id: number) {
  const node = await db
    .selectFrom('approve_node')
    .selectAll()
    .where('merchant_id', '=', auth.merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!node) throw notFound(NODE_MISSING);
  return node;
}

/** Renumbers a chain 1..n in the order given. */
async function renumber(tx: Kysely<Database>, ids: readonly number[], at: number) {
  for (const [i, id] of ids.entries())
    await tx
      .updateTable('approve_node')
      .set({ seq: i + 1, updated_at: at })
      .where('id', '=', id)
      .execute();
}

async function chainIds(tx: Kysely<Database>, merchantId: number, businessType: number): Promise<number[]> {
  const rows = await tx
    .selectFrom('approve_node')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('business_type', '=', businessType)
    .orderBy('seq')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export function registerApproveSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();
  const P = APPROVE_SETTING_PATHS;

  route(app, TAG, {
    method: 'POST',
    url: P.list,
    summary: '审批流程：本商户该业务类型（1运单费用）的审批节点按顺序，每个节点的审批人',
    access: APPROVE_SETTING_CODES,
    labels,
    body: z.object({ businessType: businessTypeField }).default({ businessType: 1 }),
    handler: async ({ auth, body }) => chainOf(db, auth.merchantId, body.businessType),
  });

  route(app, TAG, {
    method: 'POST',
    url: P.addNode,
    summary:
      '新增审批节点：节点名称（30个以内的中英文或数字，同一流程内不重复），加在流程末尾或指定位置 seq 之前',
    access: APPROVE_SETTING_CODES,
    labels,
    body: z.object({
      businessType: businessTypeField,
      nodeName: nodeNameField,
      seq: z.coerce.number().int().min(1, '位置不正确').optional(),
    }),
    handler: async ({ auth, body }) => {
      const at = now();
      return db.transaction().execute(async (tx) => {
        const ids = await chainIds(tx, auth.merchantId, body.businessType);
        if (ids.length >= APPROVE_MAX_NODES) throw badInput(`审批节点最多${APPROVE_MAX_NODES}个`);
        const same = await tx
          .selectFrom('approve_node')
          .select('id')
          .where('merchant_id', '=', auth.merchantId)
          .where('business_type', '=', body.businessType)
          .where('node_name', '=', body.nodeName)
          .executeTakeFirst();
        if (same) throw badInput(`${labels.nodeName}: 该节点名称已存在`);
        const row = await tx
          .insertInto('approve_node')
          .values({
            merchant_id: auth.merchantId,
            business_type: body.businessType,
            seq: ids.length + 1,
            node_name: body.nodeName,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const position = Math.min(body.seq ?? ids.length + 1, ids.length + 1) - 1;
        ids.splice(position, 0, row.id);
        await renumber(tx, ids, at);
        await logSetting(tx, auth, row.id, `新增审批节点：${body.nodeName}（第${position + 1}个）`, at);
        return { id: row.id, seq: position + 1 };
      });
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.editNode,
    summary: '修改审批节点名称',
    access: APPROVE_SETTING_CODES,
    labels,
    body: z.object({ id: idField(NODE_MISSING), nodeName: nodeNameField }),
    handler: async ({ auth, body }) => {
      const node = await ownNode(db, auth, body.id);
      const at = now();
      return db.transaction().execute(async (tx) => {
        const same = await tx
          .selectFrom('approve_node')
          .select('id')
          .where('merchant_id', '=', auth.merchantId)
          .where('business_type', '=', node.business_type)
          .where('node_name', '=', body.nodeName)
          .where('id', '<>', node.id)
          .executeTakeFirst();
        if (same) throw badInput(`${labels.nodeName}: 该节点名称已存在`);
        await tx
          .updateTable('approve_node')
          .set({ node_name: body.nodeName, updated_at: at })
          .where('id', '=', node.id)
          .execute();
        if (node.node_name !== body.nodeName)
          await logSetting(
            tx,
            auth,
            node.id,
            `修改审批节点：节点名称：${node.node_name}→${body.nodeName}`,
            at,
          );
        return { id: node.id };
      });
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.moveNode,
    summary: '调整审批节点顺序：direction up 上移、down 下移，或 seq 移到第几个',
    access: APPROVE_SETTING_CODES,
    labels,
    body: z.object({
      id: idField(NODE_MISSING),
      direction: z.enum(['up', 'down'], { error: '移动方向不正确' }).optional(),
      seq: z.coerce.number().int().min(1, '位置不正确').optional(),
    }),
    handler: async ({ auth, body }) => {
      const node = await ownNode(db, auth, body.id);
      if (!body.direction && body.seq === undefined) throw badInput('请选择移动方向');
      const at = now();
      return db.transaction().execute(async (tx) => {
        const ids = await chainIds(tx, auth.merchantId, node.business_type);
        const from = ids.indexOf(node.id);
        let to = body.seq !== undefined ? body.seq - 1 : body.direction === 'up' ? from - 1 : from + 1;
        if (to < 0 || to >= ids.length) {
          if (body.direction === 'up') throw badInput('已是第一个节点，不能上移');
          if (body.direction === 'down') throw badInput('已是最后一个节点，不能下移');
          to = Math.max(0, Math.min(ids.length - 1, to));
        }
        if (to === from) return { id: node.id, seq: from + 1 };
        ids.splice(from, 1);
        ids.splice(to, 0, node.id);
        await renumber(tx, ids, at);
        await logSetting(
          tx,
          auth,
          node.id,
          `调整审批节点顺序：${node.node_name}：第${from + 1}个→第${to + 1}个`,
          at,
        );
        return { id: node.id, seq: to + 1 };
      });
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.delNode,
    summary: '删除审批节点（连同其审批人）；审批中的单据按提交时的流程继续，不受影响',
    access: APPROVE_SETTING_CODES,
    labels,
    body: z.object({ id: idField(NODE_MISSING) }),
    handler: async ({ auth, body }) => {
      const node = await ownNode(db, auth, body.id);
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('approve_node_user').where('node_id', '=', node.id).execute();
        await tx.deleteFrom('approve_node').where('id', '=', node.id).execute();
        await renumber(tx, await chainIds(tx, auth.merchantId, node.business_type), at);
        await logSetting(tx, auth, node.id, `删除审批节点：${node.node_name}`, at);
      });
      return null;
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.addNodeUser,
    summary: '添加节点审批人：本商户启用的、有运单费用审批页面权限的用户；同一审批人在一个节点内只能出现一次',
    access: APPROVE_SETTING_CODES,
    labels,
    body: z.object({
      nodeId: idField(NODE_MISSING),
      userIds: z
        .preprocess(
          (v) => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]),
          z.array(idField('请选择审批人')),
        )
        .refine((a) => a.length > 0, '请选择审批人'),
    }),
    handler: async ({ auth, body }) => {
      const node = await ownNode(db, auth, body.nodeId);
      const ids = [...new Set(body.userIds)];
      if (ids.length !== body.userIds.length) throw badInput(`${labels.userIds}: 同一审批人不能重复添加`);
      const at = now();
      const users = await choosableApprovers(db, auth.merchantId, at, ids);
      const found = new Set(users.map((u) => u.userId));
      if (ids.some((id) => !found.has(id)))
        throw badInput(`${labels.userIds}: 审批人须为本商户启用且有运单费用审批权限的用户`);
      return db.transaction().execute(async (tx) => {
        const existing = await tx
          .selectFrom('approve_node_user')
          .select('user_id')
          .where('node_id', '=', node.id)
          .execute();
        const taken = new Set(existing.map((r) => r.user_id));
        const again = users.filter((u) => taken.has(u.userId));
        if (again.length > 0)
          throw badInput(`${labels.userIds}: ${again.map((u) => u.name).join('、')}已是该节点的审批人`);
        if (existing.length + ids.length > APPROVE_MAX_NODE_USERS)
          throw badInput(`每个节点最多${APPROVE_MAX_NODE_USERS}个审批人`);
        await tx
          .insertInto('approve_node_user')
          .values(
            ids.map((userId) => ({
              node_id: node.id,
              user_id: userId,
              merchant_id: auth.merchantId,
              created_at: at,
            })),
          )
          .execute();
        await tx.updateTable('approve_node').set({ updated_at: at }).where('id', '=', node.id).execute();
        await logSetting(
          tx,
          auth,
          node.id,
          `添加审批人：${node.node_name}：${users.map((u) => u.name).join('、')}`,
          at,
        );
        return { nodeId: node.id, added: ids.length };
      });
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.delNodeUser,
    summary: '移除节点审批人',
    access: APPROVE_SETTING_CODES,
    labels,
    body: z.object({ nodeId: idField(NODE_MISSING), userId: idField('请选择审批人') }),
    handler: async ({ auth, body }) => {
      const node = await ownNode(db, auth, body.nodeId);
      const at = now();
      await db.transaction().execute(async (tx) => {
        const user = await tx
          .selectFrom('approve_node_user as nu')
          .innerJoin('app_user as u', 'u.id', 'nu.user_id')
          .select('u.nickname')
          .where('nu.node_id', '=', node.id)
          .where('nu.user_id', '=', body.userId)
          .executeTakeFirst();
        if (!user) throw badInput(`${labels.userId}: 该用户不是此节点的审批人`);
        await tx
          .deleteFrom('approve_node_user')
          .where('node_id', '=', node.id)
          .where('user_id', '=', body.userId)
          .execute();
        await logSetting(tx, auth, node.id, `移除审批人：${node.node_name}：${user.nickname}`, at);
      });
      return null;
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.queryApproveUser,
    summary: '节点的审批人：nodeId 给出时为该节点的，否则为整个流程的（按节点）',
    access: APPROVE_SETTING_CODES,
    labels,
    body: z.object({ nodeId: idField(NODE_MISSING).optional(), businessType: businessTypeField }),
    handler: async ({ auth, body }) => {
      const chain = await chainOf(db, auth.merchantId, body.businessType);
      if (body.nodeId === undefined) return chain;
      const node = chain.find((n) => n.id === body.nodeId);
      if (!node) throw notFound(NODE_MISSING);
      return node.users;
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: P.queryNodeChooseApproveUser,
    summary:
      '可选的审批人：本商户启用的、有运单费用审批页面权限（car070207 或 tc010201）的用户；nodeId 给出时标出已在该节点的（chosen）；keyword 按姓名、账号、手机号筛选',
    access: APPROVE_SETTING_CODES,
    labels,
    query: z.object({
      nodeId: idField(NODE_MISSING).optional(),
      keyword: z.string().trim().max(30, '最多输入30个字符').optional(),
    }),
    handler: async ({ auth, query }) => {
      const chosen = new Set<number>();
      if (query.nodeId !== undefined) {
        const node = await ownNode(db, auth, query.nodeId);
        const rows = await db
          .selectFrom('approve_node_user')
          .select('user_id')
          .where('node_id', '=', node.id)
          .execute();
        for (const r of rows) chosen.add(r.user_id);
      }
      const users = await choosableApprovers(db, auth.merchantId, now());
      const k = query.keyword?.toLowerCase();
      return users
        .filter(
          (u) =>
            !k ||
            u.name.toLowerCase().includes(k) ||
            u.username.toLowerCase().includes(k) ||
            u.phone.includes(k),
        )
        .map((u) => ({ ...u, chosen: chosen.has(u.userId) }));
    },
  });
}
