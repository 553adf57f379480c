import { FORM_NOTIFY_DURATION_MS } from '@fleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchTruck } from '../../api/trucks';
import type { RemoteOption } from '../../kit';
import { BackTitle } from '../../kit/record/BackTitle';
import { texts } from '../../locales';
import { TruckForm } from './TruckForm';
import { TRUCK_LIST_PATH, truckRecord } from './truck.record';
import { formValuesOf, NEW_TRUCK, type TruckFormValues, truckFieldsOf } from './truckForm';

const t = texts.trucks;

/** 新增车辆 (no id) and 编辑车辆 (id): the truck form on a page of its own, saved with /truck/update. */
export function TruckEditor({ id }: { id?: number }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<TruckFormValues>();
  const [loading, setLoading] = useState(id !== undefined);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [options, setOptions] = useState<{ terminal?: RemoteOption; driver?: RemoteOption }>({});

  useEffect(() => {
    if (id === undefined) {
      form.setFieldsValue(NEW_TRUCK);
      return;
    }
    let live = true;
    fetchTruck(id).then(
      (truck) => {
        if (!live) return;
        form.setFieldsValue(formValuesOf(truck));
        setOptions({
          terminal: truck.terminalId ? { value: truck.terminalId, label: truck.tid } : undefined,
          driver: truck.driverId
            ? { value: truck.driverId, label: `${truck.driverName}（${truck.driverPhone}）` }
            : undefined,
        });
        setLoading(false);
      },
      () => {
        if (!live) return;
        setMissing(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [id, form]);

  const save = async () => {
    let values: TruckFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const fields = truckFieldsOf(values, id);
      const answer = await (id === undefined
        ? truckRecord.api.add(fields)
        : truckRecord.api.edit({ ...fields, id }));
      if (answer.code !== 200) return;
      void message.success(
        id === undefined ? texts.kit.dialog.created : texts.kit.dialog.updated,
        FORM_NOTIFY_DURATION_MS / 1000,
      );
      await client.invalidateQueries({ queryKey: ['list', truckRecord.listKey] });
      await client.invalidateQueries({ queryKey: ['trucks', 'detail'] });
      navigate(TRUCK_LIST_PATH);
    } catch {
      // the request client showed why
    } finally {
      setSaving(false);
    }
  };

  const back = () => navigate(TRUCK_LIST_PATH);
  if (missing) {
    return (
      <Card>
        <Result status="404" title={t.notFound} extra={<Button onClick={back}>{t.back}</Button>} />
      </Card>
    );
  }
  return (
    <Card
      title={
        <BackTitle onBack={back} backLabel={t.back}>
          {id === undefined ? t.addTitle : t.editTitle}
        </BackTitle>
      }
      extra={
        <Button type="primary" loading={saving} disabled={loading} onClick={() => void save()}>
          {t.save}
        </Button>
      }
    >
      <Spin spinning={loading}>
        <TruckForm form={form} id={id} terminalOption={options.terminal} driverOption={options.driver} />
      </Spin>
    </Card>
  );
}
