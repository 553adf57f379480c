import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { route } from '../../http/route';

const brandSchema = z.object({
  hosts: z.array(z.string().min(1)).min(1),
  key: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  title: z.string().min(1).max(40),
  logo: z.string().max(500).optional(),
  loginBackground: z.string().max(500).optional(),
  icon: z.string().max(500).optional(),
});
export type BrandSkin = z.infer<typeof brandSchema>;

/** Extra brand skins from BRANDS_FILE (a JSON array); a bad file stops the start with the reason. */
export function loadBrands(file: string | null): BrandSkin[] {
  if (!file) return [];
  const parsed = z.array(brandSchema).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`BRANDS_FILE ${file} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

export function registerAppConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const brands = loadBrands(ctx.config.brandsFile);
  route(app, '平台配置', {
    method: 'GET',
    url: '/app/config',
    summary: '前端启动所需的公开配置：老板驾驶舱地址、按域名选择的品牌皮肤、底图服务',
    access: 'public',
    handler: async () => ({
      bossScreenUrl: ctx.config.bossScreenUrl,
      brands,
      mapProvider: ctx.config.mapProvider,
      tiandituKey: ctx.config.mapTiandituKey ?? '',
      mapTileUrl: ctx.config.mapTileUrl ?? '',
      mapTileCoords: ctx.config.mapTileCoords,
    }),
  });
}
