import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { texts } from '../../locales';
import { fetchRoutes, type RouteOption } from './api';

/** The lines an oil-saving plan may name (/fuel/efficient/list/all/route), by name. */
export function RouteSelect({
  id,
  value,
  onChange,
  style,
  allowClear,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined, route: RouteOption | undefined) => void;
  style?: CSSProperties;
  allowClear?: boolean;
}) {
  const routes = useQuery({ queryKey: ['oilSaving', 'routes'], queryFn: fetchRoutes, staleTime: 60_000 });
  return (
    <Select
      id={id}
      value={value}
      allowClear={allowClear}
      loading={routes.isFetching}
      placeholder={texts.oilSaving.linePlaceholder}
      showSearch={{ optionFilterProp: 'label' }}
      style={style}
      options={(routes.data ?? []).map((r) => ({ value: r.id, label: r.value }))}
      onChange={(v: number | undefined) =>
        onChange?.(
          v,
          routes.data?.find((r) => r.id === v),
        )
      }
    />
  );
}

export function useRoutes() {
  return useQuery({ queryKey: ['oilSaving', 'routes'], queryFn: fetchRoutes, staleTime: 60_000 });
}
