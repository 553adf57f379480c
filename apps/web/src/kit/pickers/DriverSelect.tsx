import { type CSSProperties, useCallback } from 'react';
import { type DriverOption, fetchDriverOptions } from '../../api/common';
import { texts } from '../../locales';
import { type RemoteOption, RemoteSelect, type RemoteValue } from './RemoteSelect';

export interface DriverSelectProps {
  id?: string;
  /** Driver id(s). */
  value?: string | number | Array<string | number> | null;
  onChange?: (value: RemoteValue | undefined, drivers: DriverOption[]) => void;
  multiple?: boolean;
  /** Labels of drivers chosen before, e.g. when editing. */
  selectedOptions?: readonly RemoteOption[];
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
}

const toOption = (driver: DriverOption): RemoteOption => ({
  value: driver.id,
  label: driver.phone ? `${driver.driverName}（${driver.phone}）` : driver.driverName,
});
const fetchPage = (pageNum: number, pageSize: number, keyword: string) =>
  fetchDriverOptions(pageNum, pageSize, keyword);

/** Driver picker over GET /driver/name/listPage, 20 a page. */
export function DriverSelect({ onChange, ...rest }: DriverSelectProps) {
  const change = useCallback(
    (value: RemoteValue | undefined, drivers: DriverOption[]) => onChange?.(value, drivers),
    [onChange],
  );
  return (
    <RemoteSelect<DriverOption>
      {...rest}
      placeholder={rest.placeholder ?? texts.kit.pickers.driverPlaceholder}
      fetchOptions={fetchPage}
      toOption={toOption}
      onChange={change}
    />
  );
}
