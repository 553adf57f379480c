import { enumLabel, POUND_KINDS } from '@fleet/domain';
import { Col, Form, Row } from 'antd';
import { useRef } from 'react';
import { addPound, type Waybill } from '../../api/waybills';
import { FormDialog, ImageUploader, type ImageUploaderHandle, pendingUploadMessage } from '../../kit';
import { texts } from '../../locales';
import { kgOf, SlipFields, timeText, timeValue, tonsOf } from './waybillParts';

const t = texts.waybills;
const s = t.slipDialog;

interface SlipValues {
  gross?: string;
  tare?: string;
  time?: ReturnType<typeof timeValue>;
  photos?: string;
}

export interface SlipDialogProps {
  waybill: Waybill;
  /** 1 装车磅单, 2 卸车磅单; the dialog is shown while there is one. */
  kind: number | undefined;
  onClose: () => void;
  onSaved: (w: Waybill) => void;
}

/**
 * 录入磅单: gross and tare in tons (sent in kg), the net computed, the weighing time and up to 6
 * slip photos by the invoice image rules (PNG/JPEG under 20 MB); saving waits for the uploads.
 */
export function SlipDialog({ waybill, kind, onClose, onSaved }: SlipDialogProps) {
  const [form] = Form.useForm<SlipValues>();
  const uploader = useRef<ImageUploaderHandle>(null);
  const loading = kind === 1;
  return (
    <FormDialog<SlipValues, Waybill>
      open={kind !== undefined}
      status="edit"
      form={form}
      title={s.title(enumLabel(POUND_KINDS, kind, ''))}
      name="slip"
      layout="vertical"
      width={720}
      initialValues={
        loading
          ? {
              gross: tonsOf(waybill.loadingGrossKg),
              tare: tonsOf(waybill.loadingTareKg),
              time: timeValue(waybill.loadingWeighTime),
              photos: waybill.loadingPhotos,
            }
          : {
              gross: tonsOf(waybill.unloadingGrossKg),
              tare: tonsOf(waybill.unloadingTareKg),
              time: timeValue(waybill.unloadingWeighTime),
              photos: waybill.unloadingPhotos,
            }
      }
      successMessage={t.detailPage.slipSaved}
      beforeSubmit={() => pendingUploadMessage(uploader.current)}
      onSubmit={(v) =>
        addPound({
          waybillId: waybill.id,
          kind: kind as number,
          grossKg: kgOf(v.gross) as number,
          tareKg: kgOf(v.tare) as number,
          weighTime: timeText(v.time) as string,
          photos: v.photos ?? '',
        })
      }
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <SlipFields
          form={form}
          names={{ gross: 'gross', tare: 'tare', time: 'time' }}
          labels={{ gross: s.gross, tare: s.tare, net: s.net, time: s.weighTime }}
        />
        <Col span={24}>
          <Form.Item name="photos" label={s.photos}>
            <ImageUploader ref={uploader} valueFormat="string" invoice={{ noun: '磅单图片' }} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
