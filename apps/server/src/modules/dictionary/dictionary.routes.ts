import { DICT_TYPE_CODES, DICTIONARIES, isDictTypeCode } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { route } from '../../http/route';

const query = z.object({
  dictTypeCode: z
    .string({ error: '请指定字典类型' })
    .trim()
    .min(1, '请指定字典类型')
    .refine(isDictTypeCode, { message: `字典类型不存在，可选：${DICT_TYPE_CODES.join('、')}` }),
});

/** GET /dictionary/find: the shared dictionaries of @fleet/domain, by dictTypeCode. */
export function registerDictionaryRoutes(app: FastifyInstance, _ctx: AppContext): void {
  route(app, '字典', {
    method: 'GET',
    url: '/dictionary/find',
    summary: '字典项',
    access: 'login',
    query,
    labels: { dictTypeCode: '字典类型' },
    handler: async ({ query }) => DICTIONARIES[query.dictTypeCode as keyof typeof DICTIONARIES],
  });
}
