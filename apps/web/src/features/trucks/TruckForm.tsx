import { FUEL_TYPES, PLATE_COLOURS } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Col,
  DatePicker,
  Divider,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
} from 'antd';
import { useCallback } from 'react';
import { checkTruckExists, type FreeTerminal, fetchFreeTerminals, fetchTruckTypes } from '../../api/trucks';
import { DriverSelect, type RemoteOption, RemoteSelect, TeamTreeSelect } from '../../kit';
import { texts } from '../../locales';
import { checkRule } from '../system/formRules';
import {
  alphanumericError,
  optionalPhoneError,
  plateError,
  type TruckFormValues,
  vinError,
} from './truckForm';

const t = texts.trucks;
const common = texts.kit.common;

export interface TruckFormProps {
  form: FormInstance<TruckFormValues>;
  /** The truck being edited (its own plate and VIN are not "taken"). */
  id?: number;
  /** Labels of the terminal and driver chosen before. */
  terminalOption?: RemoteOption;
  driverOption?: RemoteOption;
}

const span = { xs: 24, md: 12, xl: 8 };

const terminalToOption = (terminal: FreeTerminal): RemoteOption => ({
  value: terminal.id,
  label: terminal.terminalNo ? `${terminal.tid}（${terminal.terminalNo}）` : terminal.tid,
});
const fetchTerminalPage = async (pageNum: number, _pageSize: number, keyword: string) =>
  pageNum === 1 ? fetchFreeTerminals(keyword) : [];

/** The fields of a truck (新增车辆 / 编辑车辆): basic data, terminal and driver, parameters, certificates. */
export function TruckForm({ form, id, terminalOption, driverOption }: TruckFormProps) {
  const types = useQuery({ queryKey: ['trucks', 'types'], queryFn: fetchTruckTypes, staleTime: 3_600_000 });
  const hired = Form.useWatch('carInfoType', form) === 3;

  // plate and VIN must not be taken by another truck of the merchant (checked when the field is left)
  const taken = useCallback(
    (field: 'carNo' | 'vin', ownError: (v: string | undefined) => string | null) => ({
      validator: async (_: unknown, value: string | undefined) => {
        const error = ownError(value);
        if (error) throw new Error(error);
        const answer = await checkTruckExists({ [field]: value?.trim(), id }).catch(() => undefined);
        if (answer && (field === 'carNo' ? answer.carNoExist : answer.vinExist)) throw new Error(answer.msg);
      },
    }),
    [id],
  );

  return (
    <Form<TruckFormValues> form={form} layout="vertical" name="truck" scrollToFirstError>
      <Divider titlePlacement="start">{t.sectionBasic}</Divider>
      <Row gutter={16}>
        <Col {...span}>
          <Form.Item
            name="carNo"
            label={t.carNo}
            required
            validateTrigger="onBlur"
            rules={[taken('carNo', plateError)]}
          >
            <Input maxLength={10} placeholder={t.carNoPlaceholder} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="plateColor" label={t.plateColor}>
            <Select options={PLATE_COLOURS.map((c) => ({ value: c.value, label: c.label }))} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item
            name="vin"
            label={t.vin}
            required
            validateTrigger="onBlur"
            rules={[taken('vin', vinError)]}
          >
            <Input maxLength={17} placeholder={t.vinPlaceholder} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="carType" label={t.carType}>
            <Select
              allowClear
              showSearch
              loading={types.isLoading}
              placeholder={common.pleaseSelect}
              options={(types.data ?? []).map((type) => ({ value: type.name, label: type.name }))}
              notFoundContent={common.noData}
            />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="brand" label={t.brand} rules={[{ max: 30, whitespace: true }]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="series" label={t.series} rules={[{ max: 30 }]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item
            name="fuelType"
            label={t.fuelType}
            rules={[{ required: true, message: t.fuelTypeRequired }]}
          >
            <Select options={FUEL_TYPES.map((f) => ({ value: f.type, label: f.desc }))} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="teamCode" label={t.team} rules={[{ required: true, message: t.teamRequired }]}>
            <TeamTreeSelect />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="carInfoType" label={t.carInfoType}>
            <Radio.Group
              options={[
                { value: 1, label: t.own },
                { value: 3, label: t.hired },
              ]}
            />
          </Form.Item>
        </Col>
        {hired && (
          <>
            <Col {...span}>
              <Form.Item name="ownerName" label={t.ownerName} rules={[{ max: 30 }]}>
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col {...span}>
              <Form.Item name="ownerPhone" label={t.ownerPhone} rules={[checkRule(optionalPhoneError)]}>
                <Input maxLength={11} />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>

      <Divider titlePlacement="start">{t.sectionDevice}</Divider>
      <Row gutter={16}>
        <Col {...span}>
          <Form.Item name="terminalId" label={t.terminal}>
            <RemoteSelect<FreeTerminal>
              allowClear
              fetchOptions={fetchTerminalPage}
              toOption={terminalToOption}
              selectedOptions={terminalOption ? [terminalOption] : undefined}
              placeholder={t.terminalPlaceholder}
            />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="driverId" label={t.driver}>
            <DriverSelect selectedOptions={driverOption ? [driverOption] : undefined} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="videoChannels" label={t.videoChannels}>
            <InputNumber min={0} max={16} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="channelNames" label={t.channelNames} rules={[{ max: 200 }]}>
            <Input maxLength={200} placeholder={t.channelNamesPlaceholder} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t.sectionSpec}</Divider>
      <Row gutter={16}>
        <Col {...span}>
          <Form.Item name="tankCapacity" label={t.tankCapacity}>
            <InputNumber min={0} max={5000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="speedLimit" label={t.speedLimit}>
            <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="loadCapacity" label={t.loadCapacity}>
            <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="engineNo" label={t.engineNo} rules={[checkRule(alphanumericError)]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t.sectionCertificates}</Divider>
      <Row gutter={16}>
        {(
          [
            ['registerDate', t.registerDate],
            ['drivingLicenseExpiry', t.drivingLicenseExpiry],
            ['operatingLicenseExpiry', t.operatingLicenseExpiry],
            ['insuranceExpiry', t.insuranceExpiry],
            ['annualInspectionExpiry', t.annualInspectionExpiry],
          ] as const
        ).map(([name, label]) => (
          <Col {...span} key={name}>
            <Form.Item name={name} label={label}>
              <DatePicker style={{ width: '100%' }} placeholder={t.datePlaceholder} />
            </Form.Item>
          </Col>
        ))}
        <Col {...span}>
          <Form.Item name="operatingLicenseNo" label={t.operatingLicenseNo} rules={[{ max: 30 }]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t.remark} rules={[{ max: 200 }]}>
            <Input.TextArea maxLength={200} rows={2} showCount />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
