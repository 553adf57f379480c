import { WAYBILL_EXCEPTION_TYPES } from '@fleet/domain';
import { App, Form, Input, Modal, Select } from 'antd';
import { useRef, useState } from 'react';
import { addWaybillException } from '../../api/waybills';
import { ImageUploader, type ImageUploaderHandle, pendingUploadMessage } from '../../kit';
import { maxRule, requiredRule } from '../../kit/formRules';
import { texts } from '../../locales';

const t = texts.waybills;
const d = t.detailPage;

interface ExceptionValues {
  exceptionType?: number;
  description?: string;
  photos?: string;
}

export interface ExceptionDialogProps {
  waybillId: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 上报异常: its type, a description and up to 6 photos (PNG/JPEG under 20 MB). */
export function ExceptionDialog({ waybillId, open, onClose, onSaved }: ExceptionDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ExceptionValues>();
  const uploader = useRef<ImageUploaderHandle>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let v: ExceptionValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const blocked = pendingUploadMessage(uploader.current);
    if (blocked) {
      void message.warning(blocked);
      return;
    }
    setSaving(true);
    try {
      const answer = await addWaybillException({
        waybillId,
        exceptionType: v.exceptionType as number,
        description: (v.description ?? '').trim(),
        photos: v.photos || undefined,
      });
      if (answer.code === 200) {
        void message.success(d.exceptionAdded);
        onSaved();
        onClose();
      } else if (answer.msg) void message.error(answer.msg);
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={d.reportException}
      width={640}
      destroyOnHidden
      okButtonProps={{ loading: saving }}
      okText={texts.kit.common.ok}
      cancelText={texts.kit.common.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form<ExceptionValues> form={form} layout="vertical" preserve={false} name="exception">
        <Form.Item
          name="exceptionType"
          label={d.exceptionType}
          rules={[{ required: true, message: t.required.exceptionType }]}
        >
          <Select
            placeholder={texts.kit.common.pleaseSelect}
            options={WAYBILL_EXCEPTION_TYPES.map((e) => ({ value: e.value, label: e.label }))}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={d.description}
          rules={[requiredRule(t.required.description), maxRule(500)]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Form.Item name="photos" label={d.exceptionPhotos}>
          <ImageUploader ref={uploader} valueFormat="string" invoice={{ noun: '异常图片' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
