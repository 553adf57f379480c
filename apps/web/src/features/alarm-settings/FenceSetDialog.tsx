import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Select, Switch, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import {
  addFenceSet,
  type FenceSet,
  type FenceSetFields,
  fetchFenceSetOptions,
  updateFenceSet,
} from '../../api/alarm-settings';
import { type DialogStatus, FormDialog, TeamTreeSelect, VehiclePlateSelect } from '../../kit';
import { texts } from '../../locales';

const t = texts.fenceSets;

interface Values {
  name: string;
  stationIds: number[];
  /** Plates; their ids are remembered as they are picked. */
  carNos: string[];
  teamCodes: string[];
  notify: ('enter' | 'exit')[];
  enabled: boolean;
  remark?: string;
}

export interface FenceSetDialogProps {
  status: DialogStatus;
  fenceSet?: FenceSet;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 / 编辑围栏设置: stations, the vehicles and teams it covers, enter and exit reminders. */
export function FenceSetDialog({ status, fenceSet, onClose, onSaved }: FenceSetDialogProps) {
  const [form] = Form.useForm<Values>();
  const options = useQuery({ queryKey: ['fenceSets', 'options'], queryFn: fetchFenceSetOptions });
  // plate → truck id, from the set being edited and from every pick
  const ids = useRef(new Map((fenceSet?.cars ?? []).map((c) => [c.carNo, c.carId])));
  const initialValues = useMemo<Partial<Values>>(
    () =>
      fenceSet
        ? {
            name: fenceSet.name,
            stationIds: fenceSet.stationIds,
            carNos: fenceSet.cars.map((c) => c.carNo),
            teamCodes: fenceSet.teamCodes,
            notify: [
              ...(fenceSet.notifyEnter ? (['enter'] as const) : []),
              ...(fenceSet.notifyExit ? (['exit'] as const) : []),
            ],
            enabled: fenceSet.status === 1,
            remark: fenceSet.remark,
          }
        : { notify: ['enter', 'exit'], enabled: true, carNos: [], teamCodes: [] },
    [fenceSet],
  );

  const submit = (values: Values) => {
    const fields: FenceSetFields = {
      name: values.name.trim(),
      stationIds: values.stationIds,
      carIds: (values.carNos ?? []).map((plate) => ids.current.get(plate)).filter((id) => id !== undefined),
      teamCodes: values.teamCodes ?? [],
      notifyEnter: values.notify.includes('enter') ? 1 : 0,
      notifyExit: values.notify.includes('exit') ? 1 : 0,
      status: values.enabled ? 1 : 0,
      remark: values.remark?.trim() || undefined,
    };
    return fenceSet ? updateFenceSet({ id: fenceSet.id, ...fields }) : addFenceSet(fields);
  };

  return (
    <FormDialog<Values>
      open
      status={status}
      form={form}
      entityName={t.entity}
      initialValues={initialValues}
      onSubmit={submit}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <Form.Item
        name="name"
        label={t.name}
        rules={[{ required: true, whitespace: true, message: t.nameRequired }]}
      >
        <Input maxLength={30} placeholder={t.namePlaceholder} />
      </Form.Item>
      <Form.Item
        name="stationIds"
        label={t.stations}
        rules={[{ required: true, message: t.stationsRequired }]}
      >
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          loading={options.isLoading}
          placeholder={t.stationsPlaceholder}
          options={(options.data?.stations ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Form.Item>
      <Form.Item
        name="carNos"
        label={t.cars}
        dependencies={['teamCodes']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, plates: string[] | undefined) =>
              (plates?.length ?? 0) + ((getFieldValue('teamCodes') as string[] | undefined)?.length ?? 0) > 0
                ? Promise.resolve()
                : Promise.reject(new Error(t.targetsRequired)),
          }),
        ]}
      >
        <VehiclePlateSelect
          multiple
          placeholder={t.carsPlaceholder}
          onChange={(_, vehicles) => {
            for (const v of vehicles) ids.current.set(v.value, Number(v.id));
          }}
        />
      </Form.Item>
      <Form.Item name="teamCodes" label={t.teams}>
        <TeamTreeSelect multiple placeholder={t.teamsPlaceholder} />
      </Form.Item>
      <Form.Item name="notify" label={t.notify} rules={[{ required: true, message: t.notifyRequired }]}>
        <Checkbox.Group
          options={[
            { value: 'enter', label: t.notifyEnter },
            { value: 'exit', label: t.notifyExit },
          ]}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t.status} valuePropName="checked">
        <Switch checkedChildren={t.enabled} unCheckedChildren={t.disabled} />
      </Form.Item>
      <Form.Item name="remark" label={t.remark}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
