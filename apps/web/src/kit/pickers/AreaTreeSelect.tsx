import type { AreaTreeNode } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import type { CSSProperties } from 'react';
import { fetchAreaTree } from '../../api/common';
import { texts } from '../../locales';
import { WithQueryClient } from '../query';

export interface AreaTreeSelectProps {
  id?: string;
  /** Area code(s) (rowGuid): one, or an array with `multiple`. */
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
}

/** Area tree picker over GET /area/tree: value rowGuid, label areaName, parent parentId. */
function AreaTreeSelectInner({
  id,
  value,
  onChange,
  multiple,
  placeholder,
  disabled,
  style,
}: AreaTreeSelectProps) {
  const areas = useQuery<AreaTreeNode[]>({
    queryKey: ['kit', 'areaTree'],
    queryFn: fetchAreaTree,
    staleTime: Infinity,
  });
  return (
    <TreeSelect<string | string[]>
      id={id}
      style={{ minWidth: 200, ...style }}
      treeData={areas.data ?? []}
      fieldNames={{ label: 'areaName', value: 'rowGuid', children: 'children' }}
      value={value ?? undefined}
      multiple={multiple}
      treeCheckable={multiple}
      showSearch={{ treeNodeFilterProp: 'areaName' }}
      allowClear
      disabled={disabled}
      loading={areas.isLoading}
      maxTagCount="responsive"
      placeholder={placeholder ?? texts.kit.pickers.areaPlaceholder}
      notFoundContent={texts.kit.common.noData}
      onChange={(next) => onChange?.(next ?? undefined)}
    />
  );
}

export function AreaTreeSelect(props: AreaTreeSelectProps) {
  return (
    <WithQueryClient>
      <AreaTreeSelectInner {...props} />
    </WithQueryClient>
  );
}
