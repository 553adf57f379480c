import { WAYBILL_EXCEPTION_TYPES } from '@fleet/domain';
import { Form, Input, Select } from 'antd';
import { useRef } from 'react';
import { addWaybillException } from '../../api/waybills';
import { FormDialog, ImageUploader, type ImageUploaderHandle, pendingUploadMessage } from '../../kit';
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
  const [form] = Form.useForm<ExceptionValues>();
  const uploader = useRef<ImageUploaderHandle>(null);
  return (
    <FormDialog<ExceptionValues>
      open={open}
      status="add"
      form={form}
      title={d.reportException}
      name="exception"
      layout="vertical"
      width={640}
      successMessage={d.exceptionAdded}
      beforeSubmit={() => pendingUploadMessage(uploader.current)}
      onSubmit={(v) =>
        addWaybillException({
          waybillId,
          exceptionType: v.exceptionType as number,
          description: (v.description ?? '').trim(),
          photos: v.photos || undefined,
        })
      }
      onSaved={() => onSaved()}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
