import { buildTeamTree, type TeamTreeNode } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import type { CSSProperties } from 'react';
import { fetchTeamTree, type TeamNode } from '../../api/session';
import { texts } from '../../locales';
import { WithQueryClient } from '../query';
import { fromCodeList, type TeamValueFormat, toCodeList } from './teamValue';

export interface TeamTreeSelectProps {
  id?: string;
  /** One team code, or several as an array or a comma string. */
  value?: string | readonly string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  /** Pick several teams (checkboxes). */
  multiple?: boolean;
  /** With `multiple`: hand out an array (default) or a comma string. */
  valueFormat?: TeamValueFormat;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
}

interface TeamOption {
  title: string;
  value: string;
  key: string;
  children: TeamOption[];
}

const toOptions = (nodes: readonly TeamTreeNode<TeamNode>[]): TeamOption[] =>
  nodes.map((node) => ({
    title: node.teamName,
    value: node.teamCode,
    key: node.teamCode,
    children: toOptions(node.children),
  }));

/** The team tree of GET /team/tree (the user's team and those below), cached for a minute. */
export function useTeamTree() {
  return useQuery({
    queryKey: ['kit', 'teamTree'],
    queryFn: async () => toOptions(buildTeamTree(await fetchTeamTree())),
    staleTime: 60_000,
  });
}

function TeamTreeSelectInner({
  id,
  value,
  onChange,
  multiple = false,
  valueFormat = 'array',
  placeholder,
  disabled,
  allowClear = true,
  style,
}: TeamTreeSelectProps) {
  const tree = useTeamTree();
  const roots = tree.data ?? [];
  const codes = toCodeList(typeof value === 'string' || Array.isArray(value) ? value : undefined);
  return (
    <TreeSelect<string | string[]>
      id={id}
      style={{ minWidth: 180, ...style }}
      treeData={roots}
      value={multiple ? codes : codes[0]}
      multiple={multiple}
      treeCheckable={multiple}
      treeCheckStrictly={false}
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      treeDefaultExpandedKeys={roots.map((root) => root.key)}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear={allowClear}
      disabled={disabled}
      loading={tree.isLoading}
      maxTagCount="responsive"
      placeholder={placeholder ?? texts.kit.pickers.teamPlaceholder}
      notFoundContent={texts.kit.common.noData}
      onChange={(next) => {
        if (!multiple) return onChange?.(typeof next === 'string' ? next : undefined);
        onChange?.(fromCodeList(toCodeList(Array.isArray(next) ? next : []), valueFormat));
      }}
    />
  );
}

/** Team (organisation) tree picker: one team, or several as an array or a comma string. */
export function TeamTreeSelect(props: TeamTreeSelectProps) {
  return (
    <WithQueryClient>
      <TeamTreeSelectInner {...props} />
    </WithQueryClient>
  );
}
