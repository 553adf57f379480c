import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

describe.each(TEST_DATABASES.slice(0, 1))('area tree on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(() => t.close());

  it('gives provinces with their prefecture-level cities to a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/api/area/tree')).body.code).toBe(401);
    const token = await login(t.app, 'dispatch', DEMO.dispatch);
    const tree = (await call(t.app, 'GET', '/api/area/tree', { token })).body.data;
    expect(tree.length).toBe(34);
    const inner = tree.find((p: { areaName: string }) => p.areaName === '内蒙古自治区');
    expect(inner.rowGuid).toBe('150000');
    expect(inner.children).toContainEqual(
      expect.objectContaining({ rowGuid: '150600', areaName: '鄂尔多斯市', parentId: '150000' }),
    );
  });
});
