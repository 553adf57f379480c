import { describe, expect, it } from 'vitest';
import { buildTeamTree, findTeamNode, flattenTeamTree } from './team-tree';

const rows = [
  { teamCode: '1000001001', teamName: '一车队', teamId: 2 },
  { teamCode: '1000001', teamName: '顺达物流', teamId: 1 },
  { teamCode: '1000001002', teamName: '二车队', teamId: 3 },
  { teamCode: '10000010010001', teamName: '一车队甲班', teamId: 4 },
  { teamCode: '1000002', teamName: '安运物流', teamId: 5 },
];

describe('buildTeamTree', () => {
  it('nests rows by code, ordered by code, keeping their fields', () => {
    const tree = buildTeamTree(rows);
    expect(tree.map((n) => n.teamName)).toEqual(['顺达物流', '安运物流']);
    const first = tree[0];
    expect(first?.children.map((n) => n.teamName)).toEqual(['一车队', '二车队']);
    expect(first?.children[0]?.children[0]).toEqual({
      teamCode: '10000010010001',
      teamName: '一车队甲班',
      teamId: 4,
      children: [],
    });
  });

  it('hangs a row under its nearest present ancestor', () => {
    const tree = buildTeamTree([
      { teamCode: '1000001', teamName: '总部' },
      { teamCode: '10000010010001', teamName: '甲班' },
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children.map((n) => n.teamName)).toEqual(['甲班']);
  });

  it('makes roots of rows whose ancestors are not visible', () => {
    const tree = buildTeamTree([
      { teamCode: '1000001002', teamName: '二车队' },
      { teamCode: '1000001001', teamName: '一车队' },
    ]);
    expect(tree.map((n) => n.teamName)).toEqual(['一车队', '二车队']);
  });

  it('leaves out invalid codes and repeats, and does not change the rows', () => {
    const input = [
      { teamCode: '1000001', teamName: '总部' },
      { teamCode: '1000001', teamName: '重复' },
      { teamCode: '12345', teamName: '坏数据' },
    ];
    const tree = buildTeamTree(input);
    expect(tree).toEqual([{ teamCode: '1000001', teamName: '总部', children: [] }]);
    expect(input[0]).not.toHaveProperty('children');
  });

  it('is empty for no rows', () => {
    expect(buildTeamTree([])).toEqual([]);
  });
});

describe('flattenTeamTree and findTeamNode', () => {
  const tree = buildTeamTree(rows);

  it('flattens parents before children', () => {
    expect(flattenTeamTree(tree).map((n) => n.teamCode)).toEqual([
      '1000001',
      '1000001001',
      '10000010010001',
      '1000001002',
      '1000002',
    ]);
  });

  it('finds nodes by code', () => {
    expect(findTeamNode(tree, '10000010010001')?.teamName).toBe('一车队甲班');
    expect(findTeamNode(tree, '1000002')?.teamName).toBe('安运物流');
    expect(findTeamNode(tree, '1000003')).toBeUndefined();
  });
});
