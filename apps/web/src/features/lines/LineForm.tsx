import { isNameText, LINE_CORRIDOR_DEFAULT_M, ROUTE_TYPES } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, type FormInstance, Input, InputNumber, Row, Select, Switch } from 'antd';
import { fetchFuelBrands, fetchFuelSeries } from '../../api/lines';
import { CustomerSelect, TeamTreeSelect } from '../../kit';
import { texts } from '../../locales';

const t = texts.lines;

export interface LineFormValues {
  routeName: string;
  routeType: number;
  teamCode?: string;
  customerId?: number | null;
  cargo?: string;
  speedLimit?: number | null;
  corridorWidth?: number;
  fuelBrand?: string;
  fuelSeries?: string;
  enabled?: boolean;
  remark?: string;
}

export const LINE_FORM_DEFAULTS: Partial<LineFormValues> = {
  routeType: 1,
  corridorWidth: LINE_CORRIDOR_DEFAULT_M,
  enabled: true,
};

/** The line's own fields (线路信息). */
export function LineForm({
  form,
  customerName,
}: {
  form: FormInstance<LineFormValues>;
  /** The chosen customer's name, so an edited line shows it before the list loads. */
  customerName?: string;
}) {
  const brand = Form.useWatch('fuelBrand', form);
  const customerId = Form.useWatch('customerId', form);
  const brands = useQuery({ queryKey: ['lines', 'fuelBrands'], queryFn: fetchFuelBrands });
  const series = useQuery({
    queryKey: ['lines', 'fuelSeries', brand],
    queryFn: () => fetchFuelSeries(brand),
  });
  const span = { xs: 24, md: 12, xl: 8 };

  return (
    <Form<LineFormValues> form={form} layout="vertical" initialValues={LINE_FORM_DEFAULTS}>
      <Row gutter={16}>
        <Col {...span}>
          <Form.Item
            name="routeName"
            label={t.routeName}
            rules={[
              { required: true, message: t.routeNamePlaceholder },
              {
                validator: async (_, value?: string) => {
                  if (value && !isNameText(value.trim())) throw new Error(t.routeNameRule);
                },
              },
            ]}
          >
            <Input placeholder={t.routeNamePlaceholder} maxLength={30} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item
            name="routeType"
            label={t.routeType}
            rules={[{ required: true, message: t.routeTypeRequired }]}
          >
            <Select options={ROUTE_TYPES.map((r) => ({ value: r.value, label: r.label }))} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="teamCode" label={t.team}>
            <TeamTreeSelect />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="customerId" label={t.customer}>
            <CustomerSelect
              selected={customerId && customerName ? { value: customerId, label: customerName } : undefined}
              placeholder={t.customerPlaceholder}
              allowClear
            />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="cargo" label={t.cargo}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="speedLimit" label={t.speedLimit}>
            <InputNumber min={1} max={200} precision={0} addonAfter={t.speedUnit} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="corridorWidth" label={t.corridorWidth}>
            <InputNumber
              min={50}
              max={10000}
              precision={0}
              addonAfter={t.meterUnit}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="fuelBrand" label={t.fuelBrand}>
            <Select
              allowClear
              options={(brands.data ?? []).map((b) => ({ value: b, label: b }))}
              onChange={() => form.setFieldValue('fuelSeries', undefined)}
            />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="fuelSeries" label={t.fuelSeries}>
            <Select allowClear options={(series.data ?? []).map((s) => ({ value: s, label: s }))} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="enabled" label={t.status} valuePropName="checked">
            <Switch checkedChildren={t.enabled} unCheckedChildren={t.disabled} />
          </Form.Item>
        </Col>
        <Col xs={24} xl={16}>
          <Form.Item name="remark" label={t.remark}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
