import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { bindTerminal } from '../../api/terminals';
import type { Truck } from '../../api/trucks';
import { type RemoteOption, RemoteSelect } from '../../kit';
import { texts } from '../../locales';
import { truckRecord } from '../trucks/truck.record';
import type { Terminal } from './terminal.record';

const t = texts.terminals;

const toOption = (truck: Truck): RemoteOption => ({
  value: truck.id,
  label: truck.teamName ? `${truck.carNo}（${truck.teamName}）` : truck.carNo,
});
/** Trucks without a terminal, by plate. */
const fetchUnbound = (pageNum: number, pageSize: number, carNo: string) =>
  truckRecord.api.list({ pageNum, pageSize, carNo: carNo || undefined, bindTerminal: 0 });

/** 绑定车辆: one truck without a terminal for this terminal. */
export function BindDialog({
  terminal,
  onClose,
  onBound,
}: {
  terminal: Terminal;
  onClose: () => void;
  onBound: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ truckId: number }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let values: { truckId: number };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await bindTerminal(terminal.id, values.truckId);
      void message.success(t.boundOk);
      onBound();
      onClose();
    } catch {
      // the request client showed why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t.bindTitle(terminal.tid)}
      width={520}
      okText={texts.kit.common.ok}
      cancelText={texts.kit.common.cancel}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="bind">
        <Form.Item
          name="truckId"
          label={t.bindTruck}
          rules={[{ required: true, message: t.bindTruckRequired }]}
        >
          <RemoteSelect<Truck>
            fetchOptions={fetchUnbound}
            toOption={toOption}
            placeholder={t.bindTruckPlaceholder}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The row link 绑定车辆 of a terminal without a truck, with its dialog. */
export function BindLink({ terminal, onBound }: { terminal: Terminal; onBound: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>{t.bind}</Typography.Link>
      {open && <BindDialog terminal={terminal} onClose={() => setOpen(false)} onBound={onBound} />}
    </>
  );
}
