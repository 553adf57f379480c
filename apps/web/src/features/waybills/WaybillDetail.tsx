import { FEE_APPROVAL_CODES, recordWriteCodes, WAYBILL_RECORD, WAYBILL_STATE } from '@fleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Row, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  changeWaybillStatus,
  type WaybillDetail as Detail,
  fetchWaybill,
  type Waybill,
} from '../../api/waybills';
import { inOwnSubtree, OperationLogDialog } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { useShell } from '../../shell/ShellContext';
import { submitFees } from '../approvals/api';
import { CancelDialog } from './CancelDialog';
import { ExceptionDialog } from './ExceptionDialog';
import { FeeDialog } from './FeeDialog';
import { SlipDialog } from './SlipDialog';
import { StatusFlow } from './StatusFlow';
import { waybillRecord } from './waybill.record';
import { emptyBlock, PhotoList, WaybillStateTag } from './waybillParts';
import { waybillPaths } from './waybillPaths';
import { canRecordBack, isOpen, offeredMoves } from './waybillRules';

const t = texts.waybills;
/** waybill_fee.state 1 待审核, 3 已驳回 (WAYBILL_FEE_STATES). */
const FEE_PENDING = 1;
const FEE_REJECTED = 3;
const d = t.detailPage;

function SlipCard({
  title,
  gross,
  tare,
  net,
  time,
  photos,
  action,
}: {
  title: string;
  gross: number | null;
  tare: number | null;
  net: string;
  time: string;
  photos: string;
  action: React.ReactNode;
}) {
  const tons = (kg: number | null) => (kg === null ? '--' : (kg / 1000).toFixed(3));
  return (
    <Card size="small" title={title} extra={action} style={{ height: '100%' }}>
      {net === '' && gross === null ? (
        emptyBlock(d.noSlip)
      ) : (
        <Descriptions column={2} size="small">
          <Descriptions.Item label={d.gross}>{tons(gross)}</Descriptions.Item>
          <Descriptions.Item label={d.tare}>{tons(tare)}</Descriptions.Item>
          <Descriptions.Item label={d.net}>
            <Typography.Text strong>{orDash(net)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={d.weighTime}>{orDash(time)}</Descriptions.Item>
          <Descriptions.Item label={d.photos} span={2}>
            <PhotoList photos={photos} />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

function FreightCard({ w }: { w: Waybill }) {
  return (
    <Card size="small" title={d.freightCard}>
      {w.transportPriceId === null && w.priceFen === null ? (
        <Typography.Text type="secondary">{d.noPrice}</Typography.Text>
      ) : (
        <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small">
          <Descriptions.Item label={d.price}>
            {w.priceYuan} {w.priceUnit}（{w.priceTypeName}）
          </Descriptions.Item>
          <Descriptions.Item label={d.settleWeight}>{orDash(w.settleWeightName)}</Descriptions.Item>
          <Descriptions.Item label={d.settleTons}>{orDash(w.settleTons)}</Descriptions.Item>
          <Descriptions.Item label={d.allowedLoss}>
            {w.allowedLossPermille === null ? '--' : `${w.allowedLossPermille}‰`}
          </Descriptions.Item>
          <Descriptions.Item label={d.loss}>{orDash(w.lossTons)}</Descriptions.Item>
          <Descriptions.Item label={d.freightGross}>{orDash(w.freightGrossYuan)}</Descriptions.Item>
          <Descriptions.Item label={d.lossDeduction}>{orDash(w.lossDeductionYuan)}</Descriptions.Item>
          <Descriptions.Item label={d.freight}>
            <Typography.Text strong data-testid="freight-yuan">
              {orDash(w.freightYuan)}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/**
 * 运单详情: header with bill number, state and the moves the office may make; base data; the
 * loading and unloading slips with 录入磅单; the freight; fees (新增费用); exceptions (上报异常);
 * the receipt; the status flow; cancel and the operation log.
 */
export function WaybillDetail({ id }: { id: number }) {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const { user, codes } = useShell();
  const paths = waybillPaths(pathname);
  const [slipKind, setSlipKind] = useState<number | undefined>();
  const [feeOpen, setFeeOpen] = useState(false);
  const [exceptionOpen, setExceptionOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const info = useQuery({
    queryKey: ['waybills', 'info', id],
    queryFn: () => fetchWaybill(id),
    enabled: id > 0,
    staleTime: 0,
  });
  if (!(id > 0) || info.isError) return emptyBlock(t.notFound);
  if (!info.data) return <Spin />;
  const w: Detail = info.data;
  const own = inOwnSubtree(w, user);
  const changeable = waybillRecord.canChange(w, user);
  const open = isOpen(w);
  const refresh = () => {
    void info.refetch();
    void client.invalidateQueries({ queryKey: ['list', waybillRecord.listKey] });
  };
  // 提交审批: the waybill pages' and the approval page's users, fees 待审核 not in a round or 已驳回
  const submittable =
    own &&
    w.cancelled !== 1 &&
    [...recordWriteCodes(WAYBILL_RECORD), ...FEE_APPROVAL_CODES].some((c) => codes.has(c)) &&
    w.fees.some((f) => f.state === FEE_REJECTED || (f.state === FEE_PENDING && !w.approvalPending));
  const submitApproval = () =>
    modal.confirm({
      title: d.submitApprovalTitle,
      content: d.submitApprovalContent,
      okText: texts.kit.common.ok,
      cancelText: texts.kit.common.cancel,
      // a refusal (no chain: 请先到审批设置中配置…) is shown by the request as its message
      onOk: () =>
        submitFees(w.id).then(
          (done) => {
            void message.success(d.submitted(done.taskCode));
            refresh();
          },
          () => undefined,
        ),
    });
  const move = (to: number) => {
    const action = d.moves[to] ?? '';
    modal.confirm({
      title: texts.kit.request.confirmTitle,
      content: d.confirmMove(action, w.billNo),
      okText: texts.kit.common.ok,
      cancelText: texts.kit.common.cancel,
      onOk: () =>
        changeWaybillStatus(w.id, to).then(
          () => {
            void message.success(d.moved);
            refresh();
          },
          () => undefined,
        ),
    });
  };
  const slipAction = (kind: number) =>
    changeable && open ? (
      <Button size="small" onClick={() => setSlipKind(kind)}>
        {d.recordSlip}
      </Button>
    ) : null;

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            <span>
              {t.billNo}：{w.billNo}
            </span>
            <WaybillStateTag waybill={w} />
            {w.approvalState !== 0 && (
              <Typography.Text type="secondary">{w.approvalStateName}</Typography.Text>
            )}
          </Space>
        }
        extra={
          <Space wrap>
            {changeable &&
              offeredMoves(w).map((to) => (
                <Button key={to} type="primary" onClick={() => move(to)}>
                  {d.moves[to]}
                </Button>
              ))}
            {changeable && canRecordBack(w) && (
              <Button type="primary" onClick={() => navigate(paths.back(w.id))}>
                {t.back}
              </Button>
            )}
            {changeable && <Button onClick={() => navigate(paths.edit(w.id))}>{t.edit}</Button>}
            {own && w.status === WAYBILL_STATE.completed && w.cancelled !== 1 && (
              <Button onClick={() => navigate(paths.editBack(w.id))}>{t.editBack}</Button>
            )}
            {changeable && (
              <Button danger onClick={() => setCancelling(true)}>
                {d.cancelWaybill}
              </Button>
            )}
            <Button onClick={() => setLogOpen(true)}>{t.log}</Button>
            <Button onClick={() => navigate(paths.list)}>{t.toList}</Button>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t.customer}>{w.customerName}</Descriptions.Item>
          <Descriptions.Item label={t.line}>{w.lineName}</Descriptions.Item>
          <Descriptions.Item label={t.stations}>
            {orDash(w.loadingStationName)} → {orDash(w.unloadingStationName)}
          </Descriptions.Item>
          <Descriptions.Item label={t.cargo}>{orDash(w.cargo)}</Descriptions.Item>
          <Descriptions.Item label={t.truck}>{w.carNo}</Descriptions.Item>
          <Descriptions.Item label={t.driver}>
            {w.driverName ? `${w.driverName}${w.driverPhone ? `（${w.driverPhone}）` : ''}` : '--'}
          </Descriptions.Item>
          <Descriptions.Item label={t.plannedLoadTime}>{orDash(w.plannedLoadTime)}</Descriptions.Item>
          <Descriptions.Item label={t.plannedArriveTime}>{orDash(w.plannedArriveTime)}</Descriptions.Item>
          <Descriptions.Item label={t.source}>{orDash(w.sourceName)}</Descriptions.Item>
          <Descriptions.Item label={d.loadingTime}>{orDash(w.loadingTime)}</Descriptions.Item>
          <Descriptions.Item label={d.departTime}>{orDash(w.departTime)}</Descriptions.Item>
          <Descriptions.Item label={d.arriveTime}>{orDash(w.arriveTime)}</Descriptions.Item>
          <Descriptions.Item label={d.completeTime}>{orDash(w.completeTime)}</Descriptions.Item>
          <Descriptions.Item label={t.team}>{orDash(w.teamName)}</Descriptions.Item>
          <Descriptions.Item label={t.createTime}>{w.createTime}</Descriptions.Item>
          <Descriptions.Item label={t.remark}>{orDash(w.remark)}</Descriptions.Item>
          {w.approvalRemark && (
            <Descriptions.Item label={d.approvalRemark}>{w.approvalRemark}</Descriptions.Item>
          )}
          {w.cancelled === 1 && (
            <>
              <Descriptions.Item label={d.cancelReason}>{orDash(w.cancelReason)}</Descriptions.Item>
              <Descriptions.Item label={d.cancelTime}>{orDash(w.cancelTime)}</Descriptions.Item>
            </>
          )}
        </Descriptions>
      </Card>
      <Row gutter={12}>
        <Col xs={24} lg={12}>
          <SlipCard
            title={d.loadingSlip}
            gross={w.loadingGrossKg}
            tare={w.loadingTareKg}
            net={w.loadingNetTons}
            time={w.loadingWeighTime}
            photos={w.loadingPhotos}
            action={slipAction(1)}
          />
        </Col>
        <Col xs={24} lg={12}>
          <SlipCard
            title={d.unloadingSlip}
            gross={w.unloadingGrossKg}
            tare={w.unloadingTareKg}
            net={w.unloadingNetTons}
            time={w.unloadingWeighTime}
            photos={w.unloadingPhotos}
            action={slipAction(2)}
          />
        </Col>
      </Row>
      <FreightCard w={w} />
      <Card
        size="small"
        title={d.fees}
        extra={
          own &&
          w.cancelled !== 1 && (
            <Space>
              {submittable && (
                <Button size="small" onClick={submitApproval}>
                  {d.submitApproval}
                </Button>
              )}
              <Button size="small" onClick={() => setFeeOpen(true)}>
                {d.addFee}
              </Button>
            </Space>
          )
        }
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={w.fees}
          locale={{ emptyText: emptyBlock(d.noFees) }}
          columns={[
            { key: 'feeTypeName', dataIndex: 'feeTypeName', title: d.feeType },
            { key: 'feeKindName', dataIndex: 'feeKindName', title: d.feeKind, width: 100 },
            { key: 'amountYuan', dataIndex: 'amountYuan', title: d.amount, align: 'right', width: 120 },
            { key: 'stateName', dataIndex: 'stateName', title: d.feeState, width: 100 },
            { key: 'remark', dataIndex: 'remark', title: t.remark, render: orDash },
            { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
          ]}
        />
      </Card>
      <Card
        size="small"
        title={d.exceptions}
        extra={
          changeable && (
            <Button size="small" onClick={() => setExceptionOpen(true)}>
              {d.reportException}
            </Button>
          )
        }
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={w.exceptions}
          locale={{ emptyText: emptyBlock(d.noExceptions) }}
          columns={[
            { key: 'exceptionTypeName', dataIndex: 'exceptionTypeName', title: d.exceptionType, width: 110 },
            { key: 'description', dataIndex: 'description', title: d.description },
            {
              key: 'photos',
              dataIndex: 'photos',
              title: d.exceptionPhotos,
              width: 220,
              render: (photos: string) => <PhotoList photos={photos} size={48} />,
            },
            { key: 'address', dataIndex: 'address', title: d.address, render: orDash },
            { key: 'sourceName', dataIndex: 'sourceName', title: d.flowSource, width: 90 },
            { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
          ]}
        />
      </Card>
      {(w.backTime || w.backPhotos) && (
        <Card size="small" title={d.backSection}>
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            <Descriptions.Item label={d.backTime}>{orDash(w.backTime)}</Descriptions.Item>
            <Descriptions.Item label={d.backRemark}>{orDash(w.backRemark)}</Descriptions.Item>
            <Descriptions.Item label={d.backPhotos}>
              <PhotoList photos={w.backPhotos} />
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <Card size="small" title={d.flow}>
        <StatusFlow waybillId={w.id} version={String(info.dataUpdatedAt)} />
      </Card>
      <SlipDialog
        waybill={w}
        kind={slipKind}
        onClose={() => setSlipKind(undefined)}
        onSaved={() => refresh()}
      />
      <FeeDialog waybillId={w.id} open={feeOpen} onClose={() => setFeeOpen(false)} onSaved={refresh} />
      <ExceptionDialog
        waybillId={w.id}
        open={exceptionOpen}
        onClose={() => setExceptionOpen(false)}
        onSaved={refresh}
      />
      <CancelDialog
        waybill={cancelling ? w : undefined}
        onClose={() => setCancelling(false)}
        onCancelled={refresh}
      />
      <OperationLogDialog
        open={logOpen}
        dataId={w.id}
        pageEnum={WAYBILL_RECORD.pageEnum}
        onClose={() => setLogOpen(false)}
      />
    </Space>
  );
}
