import { splitPictureUrls } from '@fleet/domain';
import { App, Button, Descriptions, Empty, Form, Image, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { approveRegistration, type Registration, rejectRegistration } from '../../api/driver-registrations';
import { TeamTreeSelect } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';

const t = texts.registerReview;

export interface ReviewDialogProps {
  registration: Registration;
  onClose: () => void;
  /** After an approval or a rejection. */
  onReviewed: () => void;
}

/** 审核注册申请: the driver's data, photos and truck; 通过 (into a team) or 驳回 with a reason. */
export function ReviewDialog({ registration: r, onClose, onReviewed }: ReviewDialogProps) {
  const { message } = App.useApp();
  const pending = r.status === 1;
  const [teamCode, setTeamCode] = useState(r.teamCode);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [busy, setBusy] = useState(false);
  const photos = splitPictureUrls(r.photos);

  const run = async (action: () => Promise<{ code: number; msg: string }>, done: (msg: string) => void) => {
    setBusy(true);
    try {
      const answer = await action();
      if (answer.code === 200) {
        done(answer.msg);
        onReviewed();
        onClose();
      }
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  const approve = () =>
    run(
      async () => {
        const answer = await approveRegistration(r.id, teamCode);
        if (answer.code === 200) void message.success(t.approved(answer.data.truckNote));
        return answer;
      },
      () => undefined,
    );
  const reject = () => {
    if (!reason.trim()) {
      setReasonError(t.reasonRequired);
      return;
    }
    void run(
      () => rejectRegistration(r.id, reason.trim()),
      () => void message.success(t.rejected),
    );
  };

  const footer = pending
    ? rejecting
      ? [
          <Button key="back" onClick={() => setRejecting(false)}>
            {texts.kit.common.cancel}
          </Button>,
          <Button key="reject" danger type="primary" loading={busy} onClick={reject}>
            {t.reject}
          </Button>,
        ]
      : [
          <Button key="reject" danger onClick={() => setRejecting(true)}>
            {t.reject}
          </Button>,
          <Button key="approve" type="primary" loading={busy} onClick={() => void approve()}>
            {t.approve}
          </Button>,
        ]
    : [
        <Button key="close" onClick={onClose}>
          {texts.kit.common.close}
        </Button>,
      ];

  return (
    <Modal
      open
      title={pending ? t.reviewTitle : t.viewTitle}
      width={760}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
    >
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t.driverName}>{r.driverName}</Descriptions.Item>
        <Descriptions.Item label={t.driverPhone}>{r.driverPhone}</Descriptions.Item>
        <Descriptions.Item label={t.idCard}>{r.idCard}</Descriptions.Item>
        <Descriptions.Item label={t.license}>{orDash(r.licenseClassName)}</Descriptions.Item>
        <Descriptions.Item label={t.licenseExpiry}>{orDash(r.licenseExpiry)}</Descriptions.Item>
        <Descriptions.Item label={t.qualificationNo}>{orDash(r.qualificationNo)}</Descriptions.Item>
        <Descriptions.Item label={t.qualificationExpiry}>{orDash(r.qualificationExpiry)}</Descriptions.Item>
        <Descriptions.Item label={t.submitTime}>{r.submitTime}</Descriptions.Item>
        <Descriptions.Item label={t.vehicle} span={2}>
          {r.carNo ? `${r.carNo}（${r.plateColorName}） ${t.vin}：${r.vin}` : t.noVehicle}
        </Descriptions.Item>
        {!pending && (
          <>
            <Descriptions.Item label={t.status}>{r.statusName}</Descriptions.Item>
            <Descriptions.Item label={t.reviewer}>
              {orDash(r.reviewerName)} {r.reviewTime}
            </Descriptions.Item>
            {r.status === 3 && (
              <Descriptions.Item label={t.rejectReason} span={2}>
                {r.rejectReason}
              </Descriptions.Item>
            )}
          </>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t.photos}
      </Typography.Title>
      {photos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.drivers.noPhotos} />
      ) : (
        <Image.PreviewGroup>
          <Space wrap>
            {photos.map((url) => (
              <Image key={url} src={url} width={120} height={90} style={{ objectFit: 'cover' }} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      {pending && !rejecting && (
        <Form layout="vertical" style={{ marginTop: 16 }}>
          <Form.Item label={t.approveTeam} extra={t.approveHint}>
            <TeamTreeSelect
              value={teamCode}
              onChange={(v) => setTeamCode(typeof v === 'string' ? v : r.teamCode)}
            />
          </Form.Item>
        </Form>
      )}
      {pending && rejecting && (
        <Form layout="vertical" style={{ marginTop: 16 }}>
          <Form.Item
            label={t.rejectReason}
            required
            validateStatus={reasonError ? 'error' : undefined}
            help={reasonError || undefined}
          >
            <Input.TextArea
              rows={3}
              maxLength={200}
              showCount
              value={reason}
              placeholder={t.reasonPlaceholder}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError('');
              }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
