import { describe, expect, it } from 'vitest';
import type { TeamNode } from '../../api/session';
import { allKeys, buildTeamTree, type TeamTreeNode } from './teamTree';

const team = (teamCode: string, parentCode: string | null, teamName = `车队${teamCode}`): TeamNode => ({
  teamId: teamCode,
  teamCode,
  parentCode,
  teamName,
});

const shape = (nodes: TeamTreeNode[]): unknown =>
  nodes.map((node) => (node.children.length ? { [node.key]: shape(node.children) } : node.key));

describe('buildTeamTree', () => {
  it('nests teams under their parent code, keeping sibling order', () => {
    const tree = buildTeamTree([
      team('0001', null, '示例物流有限公司'),
      team('00010002', '0001'),
      team('00010001', '0001'),
      team('000100010001', '00010001'),
    ]);
    expect(tree[0]?.title).toBe('示例物流有限公司');
    expect(shape(tree)).toEqual([{ '0001': ['00010002', { '00010001': ['000100010001'] }] }]);
  });

  it('finds children listed before their parent', () => {
    expect(shape(buildTeamTree([team('B', 'A'), team('A', '')]))).toEqual([{ A: ['B'] }]);
  });

  it('makes a root of a team whose parent is outside the visible subtree', () => {
    expect(shape(buildTeamTree([team('0001000', '0001'), team('0001000A', '0001000')]))).toEqual([
      { '0001000': ['0001000A'] },
    ]);
  });

  it('survives duplicates and parent loops without losing a team', () => {
    const tree = buildTeamTree([team('A', 'B'), team('B', 'A'), team('A', 'B'), team('C', 'C')]);
    expect(allKeys(tree).sort()).toEqual(['A', 'B', 'C']);
  });

  it('gives nothing for no teams', () => {
    expect(buildTeamTree([])).toEqual([]);
  });
});
