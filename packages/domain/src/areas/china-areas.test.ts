import { describe, expect, it } from 'vitest';
import { areaTree, CHINA_AREAS, findArea } from './china-areas';

const MUNICIPALITIES = ['110000', '120000', '310000', '500000'];

describe('CHINA_AREAS', () => {
  it('lists all 34 provincial-level divisions once, in code order', () => {
    expect(CHINA_AREAS).toHaveLength(34);
    const codes = CHINA_AREAS.map((p) => p.code);
    expect(new Set(codes).size).toBe(34);
    expect([...codes].sort()).toEqual(codes);
    for (const code of codes) expect(code).toMatch(/^[1-8]\d0000$/);
  });

  it('lists the 333 prefecture-level divisions, each under its province', () => {
    const cities = CHINA_AREAS.flatMap((p) => p.cities.map((c) => ({ ...c, province: p.code })));
    expect(cities).toHaveLength(333);
    expect(new Set(cities.map((c) => c.code)).size).toBe(333);
    for (const city of cities) {
      expect(city.code).toMatch(/^\d{4}00$/);
      expect(city.code.slice(0, 2)).toBe(city.province.slice(0, 2));
      expect(city.name).toMatch(/(市|地区|盟|自治州)$/);
    }
  });

  it('leaves municipalities, Hong Kong, Macau and Taiwan without prefectures', () => {
    for (const code of [...MUNICIPALITIES, '710000', '810000', '820000']) {
      expect(CHINA_AREAS.find((p) => p.code === code)?.cities).toEqual([]);
    }
  });

  it('knows the codes a user would check', () => {
    expect(findArea('110000')?.name).toBe('北京市');
    expect(findArea('120000')?.name).toBe('天津市');
    expect(findArea('150600')?.name).toBe('鄂尔多斯市');
    expect(findArea('440300')?.name).toBe('深圳市');
    expect(findArea('652900')?.name).toBe('阿克苏地区');
    expect(findArea('152900')?.name).toBe('阿拉善盟');
    expect(findArea('810000')?.name).toBe('香港特别行政区');
    expect(findArea('469000')).toBeUndefined();
    expect(findArea('999999')).toBeUndefined();
  });
});

describe('areaTree', () => {
  it('nests cities under provinces with rowGuid, areaName and parentId', () => {
    const tree = areaTree();
    expect(tree).toHaveLength(34);
    const mongolia = tree.find((n) => n.rowGuid === '150000');
    expect(mongolia).toMatchObject({ areaName: '内蒙古自治区', parentId: null });
    expect(mongolia?.children.find((n) => n.rowGuid === '150600')).toEqual({
      rowGuid: '150600',
      areaName: '鄂尔多斯市',
      parentId: '150000',
      children: [],
    });
    expect(tree.find((n) => n.rowGuid === '440000')?.children).toHaveLength(21);
  });

  it('gives a fresh tree each call', () => {
    const first = areaTree();
    first[0]?.children.push({ rowGuid: 'x', areaName: 'x', parentId: null, children: [] });
    expect(areaTree()[0]?.children).toHaveLength(0);
  });
});
