import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Divider, Form, Input, Modal, Row, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  approveWaybill,
  approveWaybillEdited,
  fetchTaskOptions,
  fetchWaybill,
  type TaskOption,
  type WaybillDetail,
} from '../../api/waybills';
import {
  CustomerSelect,
  ImageUploader,
  type ImageUploaderHandle,
  LineSelect,
  pendingUploadMessage,
} from '../../kit';
import { maxRule } from '../../kit/formRules';
import { texts } from '../../locales';
import { kgOf, SlipFields, timeText, timeValue, tonsOf } from './waybillParts';

const t = texts.waybills;
const tt = t.tabulation;

interface TabulationValues {
  taskCode?: string;
  carNo?: string;
  driverId?: number;
  customerId?: number;
  lineId?: number;
  cargo?: string;
  loadingGross?: string;
  loadingTare?: string;
  loadingTime?: ReturnType<typeof timeValue>;
  loadingPhotos?: string;
  approvalRemark?: string;
}

export interface TabulationDialogProps {
  open: boolean;
  /** The task to open with (reminder 8002's taskCode), if any. */
  taskCode?: string;
  onClose: () => void;
  /** After a pass or a rejection. */
  onDone: () => void;
}

/**
 * 运单制表: the office reviews a waybill a driver or the scan-code page made. Choosing a task number
 * clears the driver, fills and locks the plate, offers the drivers of that task, and preselects the
 * driver when there is exactly one (business section 4). 通过 passes it (editing it first when a
 * field was changed), 驳回 rejects it with a reason.
 */
export function TabulationDialog({ open, taskCode, onClose, onDone }: TabulationDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TabulationValues>();
  const uploader = useRef<ImageUploaderHandle>(null);
  const [task, setTask] = useState<TaskOption | undefined>();
  const [waybill, setWaybill] = useState<WaybillDetail | undefined>();
  const [busy, setBusy] = useState<'pass' | 'reject' | 'load' | undefined>();
  const tasks = useQuery({
    queryKey: ['waybills', 'taskOptions'],
    queryFn: () => fetchTaskOptions(''),
    enabled: open,
    staleTime: 0,
  });

  const choose = async (code: string | undefined) => {
    const next = tasks.data?.find((o) => o.taskCode === code);
    setTask(next);
    setWaybill(undefined);
    // a new task: no driver until one is chosen from its drivers, the plate is the task's
    form.setFieldsValue({
      driverId: next?.drivers.length === 1 ? next.drivers[0]?.id : undefined,
      carNo: next?.carNo,
    });
    if (!next) return;
    setBusy('load');
    try {
      const w = await fetchWaybill(next.waybillId);
      setWaybill(w);
      form.setFieldsValue({
        customerId: w.customerId,
        lineId: w.lineId,
        cargo: w.cargo,
        loadingGross: tonsOf(w.loadingGrossKg),
        loadingTare: tonsOf(w.loadingTareKg),
        loadingTime: timeValue(w.loadingWeighTime),
        loadingPhotos: w.loadingPhotos,
        approvalRemark: w.approvalRemark,
      });
    } catch {
      // the request client has shown why
    } finally {
      setBusy(undefined);
    }
  };

  // reminder 8002's jump: the task of the address, once its options are there
  const opened = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!open) {
      opened.current = undefined;
      setTask(undefined);
      setWaybill(undefined);
      return;
    }
    if (!taskCode || !tasks.data || opened.current === taskCode) return;
    opened.current = taskCode;
    form.setFieldValue('taskCode', taskCode);
    void choose(taskCode);
  });

  const pass = async () => {
    let v: TabulationValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!task || !waybill) return;
    const blocked = pendingUploadMessage(uploader.current);
    if (blocked) {
      void message.warning(blocked);
      return;
    }
    const grossKg = kgOf(v.loadingGross);
    const tareKg = kgOf(v.loadingTare);
    const weighTime = timeText(v.loadingTime);
    const photos = v.loadingPhotos ?? '';
    const changed =
      v.driverId !== (waybill.driverId ?? undefined) ||
      v.customerId !== waybill.customerId ||
      v.lineId !== waybill.lineId ||
      (v.cargo ?? '') !== waybill.cargo ||
      grossKg !== (waybill.loadingGrossKg ?? undefined) ||
      tareKg !== (waybill.loadingTareKg ?? undefined) ||
      (weighTime ?? '') !== waybill.loadingWeighTime ||
      photos !== waybill.loadingPhotos;
    setBusy('pass');
    try {
      const answer = changed
        ? await approveWaybillEdited({
            id: waybill.id,
            customerId: v.customerId as number,
            lineId: v.lineId as number,
            cargo: (v.cargo ?? '').trim(),
            truckId: task.truckId,
            driverId: v.driverId ?? null,
            teamCode: waybill.teamCode,
            remark: waybill.remark,
            plannedLoadTime: waybill.plannedLoadTime || undefined,
            plannedArriveTime: waybill.plannedArriveTime || undefined,
            ...(grossKg !== undefined && tareKg !== undefined
              ? {
                  loadingGrossKg: grossKg,
                  loadingTareKg: tareKg,
                  loadingWeighTime: weighTime,
                  loadingPhotos: photos,
                }
              : {}),
          })
        : await approveWaybill(waybill.id, 2, v.approvalRemark?.trim() || undefined);
      if (answer.code === 200) {
        void message.success(tt.passed);
        onDone();
        onClose();
      } else if (answer.msg) void message.error(answer.msg);
    } catch {
      // the request client has shown why
    } finally {
      setBusy(undefined);
    }
  };

  const reject = async () => {
    if (!waybill) return;
    let remark: string;
    try {
      ({ approvalRemark: remark = '' } = await form.validateFields(['taskCode', 'approvalRemark']));
    } catch {
      return;
    }
    if (!remark.trim()) {
      form.setFields([{ name: 'approvalRemark', errors: [t.required.remark] }]);
      return;
    }
    setBusy('reject');
    try {
      const answer = await approveWaybill(waybill.id, 3, remark.trim());
      if (answer.code === 200) {
        void message.success(tt.rejected);
        onDone();
        onClose();
      } else if (answer.msg) void message.error(answer.msg);
    } catch {
      // the request client has shown why
    } finally {
      setBusy(undefined);
    }
  };

  const locked = task !== undefined;
  return (
    <Modal
      open={open}
      title={tt.title}
      width={860}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {texts.kit.common.cancel}
        </Button>,
        <Button
          key="reject"
          danger
          disabled={!waybill}
          loading={busy === 'reject'}
          onClick={() => void reject()}
        >
          {tt.reject}
        </Button>,
        <Button
          key="pass"
          type="primary"
          disabled={!waybill}
          loading={busy === 'pass'}
          onClick={() => void pass()}
        >
          {tt.pass}
        </Button>,
      ]}
    >
      <Form<TabulationValues> form={form} name="tabulation" layout="vertical" preserve={false}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="taskCode" label={tt.task} rules={[{ required: true, message: t.required.task }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                loading={tasks.isFetching}
                placeholder={tt.taskPlaceholder}
                notFoundContent={tasks.isFetching ? <Spin size="small" /> : tt.noTask}
                options={(tasks.data ?? []).map((o) => ({ value: o.taskCode, label: o.taskCode }))}
                onChange={(code?: string) => void choose(code)}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="carNo" label={tt.carNo}>
              <Input disabled={locked} readOnly={locked} placeholder={t.carNoPlaceholder} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="driverId" label={t.driver}>
              <Select
                allowClear
                placeholder={t.driverPlaceholder}
                options={(task?.drivers ?? []).map((d) => ({
                  value: d.id,
                  label: d.phone ? `${d.name}（${d.phone}）` : d.name,
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Spin spinning={busy === 'load'}>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item
                name="customerId"
                label={t.customer}
                rules={[{ required: true, message: t.required.customer }]}
              >
                <CustomerSelect
                  selected={waybill ? { value: waybill.customerId, label: waybill.customerName } : undefined}
                  placeholder={t.customerPlaceholder}
                  disabled={!waybill}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="lineId" label={t.line} rules={[{ required: true, message: t.required.line }]}>
                <LineSelect
                  selected={waybill ? { value: waybill.lineId, label: waybill.lineName } : undefined}
                  placeholder={t.linePlaceholder}
                  disabled={!waybill}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="cargo" label={t.cargo} rules={[maxRule(30)]}>
                <Input maxLength={30} placeholder={t.cargoPlaceholder} disabled={!waybill} />
              </Form.Item>
            </Col>
          </Row>
          <Divider plain titlePlacement="start">
            {tt.loadingSlip}
          </Divider>
          <Row gutter={16}>
            <SlipFields
              form={form}
              span={6}
              optional
              names={{ gross: 'loadingGross', tare: 'loadingTare', time: 'loadingTime' }}
              labels={{ gross: tt.gross, tare: tt.tare, net: t.detailPage.net, time: tt.weighTime }}
            />
            <Col span={24}>
              <Form.Item name="loadingPhotos" label={tt.photos}>
                <ImageUploader ref={uploader} valueFormat="string" invoice={{ noun: '磅单图片' }} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="approvalRemark" label={tt.remark} rules={[maxRule(200)]}>
                <Input.TextArea rows={2} maxLength={200} placeholder={tt.rejectRemark} />
              </Form.Item>
            </Col>
          </Row>
        </Spin>
      </Form>
    </Modal>
  );
}
