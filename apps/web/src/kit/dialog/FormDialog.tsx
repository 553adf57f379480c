import { DEFAULT_DIALOG_WIDTH, FORM_NOTIFY_DURATION_MS, TOAST_DURATION_MS } from '@fleet/domain';
import { App, Button, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Envelope } from '../../api/request';
import { texts } from '../../locales';
import { assertDialogStatus, type DialogStatus, dialogTitle, submitNotice } from './status';

const t = texts.kit;

export interface FormDialogProps<Values extends object, Result = unknown> {
  open: boolean;
  /** add, edit or preview; any other status throws an Error. */
  status: DialogStatus;
  /** The form (Form.useForm()) whose items are the children. */
  form: FormInstance<Values>;
  /** Dialog title; by default 新增 / 编辑 / 查看 followed by `entityName`. */
  title?: ReactNode;
  entityName?: string;
  /** Values filled in each time the dialog opens (the form is rebuilt on every opening). */
  initialValues?: Partial<Values>;
  /**
   * Saves the validated values and answers with the call's envelope (or throws, after the request
   * client showed why). Code 200 notifies `successMessage` for 2 s; another code shows its message.
   */
  onSubmit: (values: Values) => Promise<Envelope<Result>>;
  /** A last check before submitting, e.g. uploads still running; its message blocks the submit. */
  beforeSubmit?: () => string | null;
  /** The notice after a successful submit; 创建成功 (add) / 更新成功 (edit) by default. */
  successMessage?: string;
  /** After a successful submit, with the answer's data, before the dialog closes. */
  onSaved?: (data: Result) => void;
  onClose: () => void;
  /** 753 px by default. */
  width?: number;
  /** The form's name (its fields' ids start with it); `dialog` by default. */
  name?: string;
  /** Labels beside the inputs (100 px wide) by default, or above them. */
  layout?: 'horizontal' | 'vertical';
  /** A red OK button, for an action that cannot be undone (e.g. cancelling). */
  okDanger?: boolean;
  children: ReactNode;
}

/**
 * The generic form dialog (spec core sections 3, 4 and 8): add, edit or preview (inputs disabled,
 * only 关闭); validates, submits and tells the outcome.
 */
export function FormDialog<Values extends object, Result = unknown>({
  open,
  status,
  form,
  title,
  entityName,
  initialValues,
  onSubmit,
  beforeSubmit,
  successMessage,
  onSaved,
  onClose,
  width = DEFAULT_DIALOG_WIDTH,
  name = 'dialog',
  layout = 'horizontal',
  okDanger = false,
  children,
}: FormDialogProps<Values, Result>) {
  assertDialogStatus(status);
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const preview = status === 'preview';

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const blocked = beforeSubmit?.();
    if (blocked) {
      void message.warning(blocked);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await onSubmit(values);
      if (answer.code === 200) {
        void message.success(successMessage ?? submitNotice(status), FORM_NOTIFY_DURATION_MS / 1000);
        onSaved?.(answer.data);
        onClose();
      } else if (answer.msg) {
        void message.error(answer.msg, TOAST_DURATION_MS / 1000);
      }
    } catch {
      // The request client has shown the reason; the dialog stays open for a correction.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title ?? dialogTitle(status, entityName)}
      width={width}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      footer={
        preview
          ? [
              <Button key="close" onClick={onClose}>
                {t.common.close}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {t.common.cancel}
              </Button>,
              <Button
                key="ok"
                type="primary"
                danger={okDanger}
                loading={submitting}
                onClick={() => void submit()}
              >
                {t.common.ok}
              </Button>,
            ]
      }
    >
      <Form<Values>
        form={form}
        name={name}
        initialValues={initialValues}
        layout={layout}
        labelCol={layout === 'horizontal' ? { flex: '100px' } : undefined}
        disabled={preview}
        preserve={false}
      >
        {children}
      </Form>
    </Modal>
  );
}
