import { areaTree } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { route } from '../../http/route';

/** China's provinces and prefecture-level cities (GB/T 2260) for area pickers. */
export function registerAreaRoutes(app: FastifyInstance, _ctx: AppContext): void {
  const tree = areaTree();
  route(app, '行政区划', {
    method: 'GET',
    url: '/area/tree',
    summary: '省、地级行政区树：rowGuid（区划代码）、areaName、parentId、children',
    access: 'login',
    handler: async ({ reply }) => {
      reply.header('cache-control', 'private, max-age=86400');
      return tree;
    },
  });
}
