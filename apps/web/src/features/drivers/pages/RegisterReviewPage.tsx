import { OPERATE_LOG_PAGES, REGISTRATION_STATUSES } from '@fleet/domain';
import { Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  fetchRegistrations,
  type Registration,
  type RegistrationQuery,
} from '../../../api/driver-registrations';
import {
  type ListColumn,
  ListPage,
  type ListPageHandle,
  OperationLogDialog,
  type SearchField,
} from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { ReviewDialog } from '../ReviewDialog';

const t = texts.registerReview;
const common = texts.kit.common;
const STATUS_COLOURS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error' };

const searchFields: SearchField[] = [
  { name: 'keyword', label: t.keyword, placeholder: t.keywordPlaceholder, width: 200 },
  {
    name: 'status',
    label: t.status,
    type: 'select',
    width: 120,
    options: REGISTRATION_STATUSES.map((s) => ({ value: s.value, label: s.label })),
  },
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
];

/** 司机车辆注册审核 (/information/register-review): drivers' self-registrations, oldest first. */
export default function RegisterReviewPage() {
  const list = useRef<ListPageHandle>(null);
  const [open, setOpen] = useState<Registration | undefined>();
  const [logOf, setLogOf] = useState<Registration | undefined>();

  const columns = useMemo<ListColumn<Registration>[]>(
    () => [
      { key: 'driverName', dataIndex: 'driverName', title: t.driverName, fixed: 'left', width: 100 },
      { key: 'driverPhone', dataIndex: 'driverPhone', title: t.driverPhone, width: 130 },
      { key: 'idCard', dataIndex: 'idCard', title: t.idCard, width: 190 },
      {
        key: 'licenseClass',
        dataIndex: 'licenseClass',
        title: t.license,
        width: 90,
        render: (v: string) => orDash(v),
      },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110, render: (v: string) => orDash(v) },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, render: (v: string) => orDash(v) },
      { key: 'submitTime', dataIndex: 'submitTime', title: t.submitTime, width: 170 },
      {
        key: 'status',
        dataIndex: 'statusName',
        title: t.status,
        width: 90,
        render: (name: string, r) => <Tag color={STATUS_COLOURS[r.status]}>{name}</Tag>,
      },
      {
        key: 'reviewerName',
        dataIndex: 'reviewerName',
        title: t.reviewer,
        width: 100,
        render: (v: string) => orDash(v),
      },
      {
        key: 'rejectReason',
        dataIndex: 'rejectReason',
        title: t.rejectReason,
        ellipsis: true,
        render: (v: string) => orDash(v),
      },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        width: 130,
        render: (_, r) => (
          <Space size={12}>
            <Typography.Link onClick={() => setOpen(r)}>{r.status === 1 ? t.review : t.view}</Typography.Link>
            <Typography.Link onClick={() => setLogOf(r)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <ListPage<Registration>
        ref={list}
        listKey="register-review"
        columnSettingsKey="register-review"
        initialQuery={{ status: 1 }}
        fetchList={(params, signal) => fetchRegistrations(params as RegistrationQuery, signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
      />
      {open && (
        <ReviewDialog
          registration={open}
          onClose={() => setOpen(undefined)}
          onReviewed={() => void list.current?.reload()}
        />
      )}
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.driverRegistration}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
