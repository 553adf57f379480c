import { HANDLER_PICKER_PAGE_SIZE } from '@fleet/domain';
import type { CSSProperties } from 'react';
import { fetchHandlers, type HandlerUser } from '../../api/common';
import { texts } from '../../locales';
import { type RemoteOption, RemoteSelect, type RemoteValue } from './RemoteSelect';

export interface HandlerSelectProps {
  id?: string;
  /** User id(s). */
  value?: number | number[] | null;
  onChange?: (value: RemoteValue | undefined, users: HandlerUser[]) => void;
  multiple?: boolean;
  /** Labels of handlers chosen before, e.g. when editing. */
  selectedOptions?: readonly RemoteOption[];
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
}

const toOption = (user: HandlerUser): RemoteOption => ({ value: user.id, label: user.nickname });

/** Handler (处理人) picker over POST /user/getUserLit: users of the merchant by name, 15 a page. */
export function HandlerSelect(props: HandlerSelectProps) {
  return (
    <RemoteSelect<HandlerUser>
      {...props}
      pageSize={HANDLER_PICKER_PAGE_SIZE}
      placeholder={props.placeholder ?? texts.kit.pickers.handlerPlaceholder}
      fetchOptions={fetchHandlers}
      toOption={toOption}
    />
  );
}
