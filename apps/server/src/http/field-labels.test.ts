import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueLabel, type JsonSchema, routeFieldLabels } from './field-labels';
import { inputMessage } from './route';

const jsonOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

function messageOf(schema: z.ZodType, value: unknown, labels: Record<string, string> = {}): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return inputMessage(result.error, routeFieldLabels([jsonOf(schema)], labels));
}

describe('field labels of a route', () => {
  const body = z.object({
    pageSize: z.coerce.number().int().min(1, '每页条数必须大于0'),
    name: z.string().min(1),
    cargo: z.string().meta({ title: '货物名称' }),
    stationList: z.array(z.object({ lng: z.number(), stationId: z.number() })),
    ids: z.array(z.number()),
    odd: z.string().optional(),
  });

  it('takes the route label first, then the schema title, then the common label; null for none', () => {
    expect(routeFieldLabels([jsonOf(body)], { name: '线路名称' })).toEqual({
      pageSize: '每页条数',
      name: '线路名称',
      cargo: '货物名称',
      stationList: '站点',
      'stationList.lng': '经度',
      'stationList.stationId': '站点',
      ids: '编号',
      odd: null,
    });
  });

  it('names the field, and the item of a list counted from 1, never by its key', () => {
    const good = { pageSize: 1, name: 'a', cargo: 'b', stationList: [], ids: [] };
    expect(messageOf(body, { ...good, pageSize: 0 })).toBe('每页条数: 每页条数必须大于0');
    expect(messageOf(body, { ...good, cargo: 1 })).toBe('货物名称: 应为文本');
    expect(messageOf(body, { ...good, stationList: [{ lng: 1, stationId: 'x' }] })).toBe(
      '站点第1项站点: 应为数字',
    );
    expect(messageOf(body, { ...good, ids: [1, 'x'] })).toBe('编号第2项: 应为数字');
    expect(messageOf(body, { ...good, odd: 1 })).toBe('应为文本');
    expect(messageOf(z.string().min(2, '至少两个字'), 'a')).toBe('至少两个字');
  });

  it('labels a path without a known field by its last known key', () => {
    expect(issueLabel({ stationList: '站点' }, ['stationList', 2, 'lat'])).toBe('站点第3项纬度');
    expect(issueLabel({}, ['unknownKey'])).toBe('');
  });
});
