import { Col, type ColProps, Form } from 'antd';
import type { CSSProperties } from 'react';
import {
  type CustomerOption,
  fetchCustomerOptions,
  fetchLineOptions,
  type LineOption,
} from '../../api/lines';
import { texts } from '../../locales';
import type { SearchField } from '../list/SearchForm';
import { type RemoteOption, RemoteSelect, type RemoteValue } from './RemoteSelect';

/** What the customer and line pickers take: a form item's value and the label of a value chosen before. */
export interface ReferenceSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (value: RemoteValue | undefined) => void;
  /** The label of the value chosen before (editing), so it shows before the list is asked. */
  selected?: RemoteOption;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
}

const t = texts.kit.pickers;
const customerPage = (pageNum: number, pageSize: number, keyword: string) =>
  fetchCustomerOptions(pageNum, pageSize, keyword);
const customerOption = (c: CustomerOption): RemoteOption => ({ value: c.id, label: c.customerName });
const linePage = (_pageNum: number, _pageSize: number, keyword: string) => fetchLineOptions(keyword);
const lineOption = (l: LineOption): RemoteOption => ({ value: l.id, label: l.value });

/** Customer picker over /colliery/customer/options (the customers the user may use), 20 a page. */
export function CustomerSelect({ selected, placeholder, ...rest }: ReferenceSelectProps) {
  return (
    <RemoteSelect<CustomerOption>
      {...rest}
      fetchOptions={customerPage}
      toOption={customerOption}
      selectedOptions={selected ? [selected] : []}
      placeholder={placeholder ?? t.customerPlaceholder}
    />
  );
}

/** Line picker over /colliery/line/fuzzy (the lines the user may use, by name). */
export function LineSelect({ selected, placeholder, ...rest }: ReferenceSelectProps) {
  return (
    <RemoteSelect<LineOption>
      {...rest}
      fetchOptions={linePage}
      toOption={lineOption}
      selectedOptions={selected ? [selected] : []}
      placeholder={placeholder ?? t.linePlaceholder}
    />
  );
}

/** The 客户 field of a list's search form (customerId). */
export const customerSearchField = (label: string, placeholder?: string): SearchField => ({
  name: 'customerId',
  label,
  type: 'custom',
  control: <CustomerSelect placeholder={placeholder} allowClear style={{ width: 200 }} />,
});

/** The 线路 field of a list's search form (lineId). */
export const lineSearchField = (label: string, placeholder?: string): SearchField => ({
  name: 'lineId',
  label,
  type: 'custom',
  control: <LineSelect placeholder={placeholder} allowClear style={{ width: 200 }} />,
});

/** The texts `CustomerLineItems` shows (a feature's locale texts satisfy them as they are). */
export interface CustomerLineTexts {
  customer: string;
  line: string;
  customerPlaceholder: string;
  linePlaceholder: string;
  required: { customer: string; line: string };
}

/**
 * The required 客户 and 线路 items of a form on a customer and a line (transport prices, scan codes,
 * orders), each a column of `span`, showing the saved row's names before their lists are asked.
 */
export function CustomerLineItems({
  labels,
  row,
  span,
}: {
  labels: CustomerLineTexts;
  row?: { customerId: number; customerName: string; lineId: number; lineName: string };
  span: ColProps;
}) {
  return (
    <>
      <Col {...span}>
        <Form.Item
          name="customerId"
          label={labels.customer}
          rules={[{ required: true, message: labels.required.customer }]}
        >
          <CustomerSelect
            selected={row ? { value: row.customerId, label: row.customerName } : undefined}
            placeholder={labels.customerPlaceholder}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="lineId"
          label={labels.line}
          rules={[{ required: true, message: labels.required.line }]}
        >
          <LineSelect
            selected={row ? { value: row.lineId, label: row.lineName } : undefined}
            placeholder={labels.linePlaceholder}
          />
        </Form.Item>
      </Col>
    </>
  );
}
