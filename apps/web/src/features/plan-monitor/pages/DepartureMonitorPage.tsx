import { formatDateTime, MAP_PICKER_CENTER } from '@fleet/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Flex, Form, Input, Table, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { LineSelect, TeamTreeSelect, WithQueryClient } from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { BaseMap, useShown } from '../../../map';
import { useShell } from '../../../shell/ShellContext';
import { fetchMonitoredPlans, type MonitoredPlan, type MonitorQuery } from '../api';
import { PlanTrucksLayer } from '../PlanMapLayers';
import { LateTag, PlanStationsDrawer } from '../PlanStationsDrawer';
import styles from '../planMonitor.module.css';

const t = texts.planMonitor;
const common = texts.kit.common;

/** The monitor refreshes this often, without reloading the page. */
export const MONITOR_REFRESH_MS = 15_000;
const PAGE_SIZE = 20;
/** Menu code of 发车监控: its holders may record a station's times by hand. */
const FILL_IN_CODE = 'car060103';

type Filters = Omit<MonitorQuery, 'pageNum' | 'pageSize'>;
interface FilterValues {
  teamCode?: string;
  lineId?: number;
  carNo?: string;
  late?: boolean;
}

const toFilters = (v: FilterValues): Filters => ({
  ...(v.teamCode ? { teamCode: v.teamCode } : {}),
  ...(v.lineId ? { lineId: v.lineId } : {}),
  ...(v.carNo?.trim() ? { carNo: v.carNo.trim() } : {}),
  ...(v.late ? { late: 1 } : {}),
});

/** 'MM-DD HH:mm' of an API time, '-' when there is none. */
const short = (time: string) => (time ? time.slice(5, 16) : '-');

/** A cell of two lines: the main value and a secondary one below it. */
function Two({ first, second }: { first: ReactNode; second?: ReactNode }) {
  return (
    <Flex vertical>
      <span>{first}</span>
      {second ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {second}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

const STATE_COLORS: Record<number, string> = { 1: 'blue', 2: 'cyan', 3: 'processing', 4: 'green' };

/** 发车监控 (/car-dispatch/departure-monitor, car060103): plans under way, their trucks on the map. */
function DepartureMonitor() {
  const { codes } = useShell();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [pageNum, setPageNum] = useState(1);
  // each 查询 and 重置 counts, so they fetch afresh also for the filters already shown
  const [searchCount, setSearchCount] = useState(0);
  const [opened, setOpened] = useState<MonitoredPlan | null>(null);

  // the refresh rests while the page's tab is hidden or the browser is in the background
  const box = useRef<HTMLDivElement>(null);
  const shown = useShown(box);
  const answer = useQuery({
    queryKey: ['planMonitor', 'list', filters, pageNum, searchCount],
    queryFn: ({ signal }) => fetchMonitoredPlans({ ...filters, pageNum, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: shown ? MONITOR_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
  const rows = answer.data?.list ?? [];

  const columns = useMemo(
    () => [
      {
        key: 'planNo',
        title: t.planNo,
        width: 180,
        fixed: 'left' as const,
        render: (_: unknown, p: MonitoredPlan) => (
          <Typography.Link onClick={() => setOpened(p)}>{p.planNo}</Typography.Link>
        ),
      },
      {
        key: 'carNo',
        title: t.carNo,
        width: 110,
        render: (_: unknown, p: MonitoredPlan) => <Two first={orDash(p.carNo)} second={p.driverName} />,
      },
      { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 150, ellipsis: true, render: orDash },
      {
        key: 'state',
        title: t.state,
        width: 90,
        render: (_: unknown, p: MonitoredPlan) => <Tag color={STATE_COLORS[p.state]}>{p.stateName}</Tag>,
      },
      {
        key: 'progress',
        title: t.progress,
        width: 150,
        render: (_: unknown, p: MonitoredPlan) => (
          <Two
            first={`${p.maxSeq}/${p.stationCount}`}
            second={p.nextStation ? `${t.nextStation}：${p.nextStation}` : ''}
          />
        ),
      },
      {
        key: 'distanceLeft',
        title: t.distanceLeft,
        width: 100,
        render: (_: unknown, p: MonitoredPlan) =>
          p.distanceLeftMeters === null || p.distanceLeftMeters === undefined
            ? '-'
            : t.km(p.distanceLeftMeters),
      },
      {
        key: 'depart',
        title: t.depart,
        width: 180,
        render: (_: unknown, p: MonitoredPlan) => (
          <Two
            first={`${t.planned} ${short(p.plannedDepartTime)}`}
            second={
              <>
                {`${t.actual} ${short(p.departTime)} `}
                {p.departLateMinutes !== null && <LateTag minutes={p.departLateMinutes} />}
              </>
            }
          />
        ),
      },
      {
        key: 'arrive',
        title: t.arrive,
        width: 190,
        render: (_: unknown, p: MonitoredPlan) => (
          <Two
            first={`${t.planned} ${short(p.plannedArriveTime)}`}
            second={
              <>
                {`${p.arriveTime ? t.actual : t.eta} ${short(p.arriveTime || p.etaTime)} `}
                {p.arriveLateMinutes !== null && <LateTag minutes={p.arriveLateMinutes} />}
              </>
            }
          />
        ),
      },
      {
        key: 'lateState',
        title: t.lateState,
        width: 90,
        fixed: 'right' as const,
        render: (_: unknown, p: MonitoredPlan) => (
          <Tag color={t.lateColors[p.lateState]}>{t.lateStates[p.lateState] ?? '-'}</Tag>
        ),
      },
    ],
    [],
  );

  const search = () => {
    setFilters(toFilters(form.getFieldsValue()));
    setPageNum(1);
    setSearchCount((n) => n + 1);
  };

  return (
    <Flex vertical gap={12} ref={box}>
      <Card size="small">
        <Form form={form} name="monitorSearch" layout="inline" style={{ rowGap: 12 }} onFinish={search}>
          <Form.Item name="teamCode" label={t.team}>
            <TeamTreeSelect style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="lineId" label={t.line}>
            <LineSelect placeholder={t.linePlaceholder} allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="carNo" label={t.carNo}>
            <Input allowClear placeholder={t.carNoPlaceholder} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="late" valuePropName="checked">
            <Checkbox onChange={() => setTimeout(search)}>{t.onlyLate}</Checkbox>
          </Form.Item>
          <Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit">
                {common.search}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search();
                }}
              >
                {common.reset}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      </Card>
      <div className={styles.layout}>
        <Card
          size="small"
          className={styles.tableCard}
          title={
            <Flex gap={12} align="baseline">
              <span>{t.listTitle}</span>
              <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
                {t.refreshHint}
                {answer.dataUpdatedAt > 0 &&
                  ` · ${t.refreshedAt(formatDateTime(new Date(answer.dataUpdatedAt)))}`}
              </Typography.Text>
            </Flex>
          }
        >
          <Table<MonitoredPlan>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={answer.isLoading}
            scroll={{ x: 1240 }}
            onRow={(p) => ({ onDoubleClick: () => setOpened(p) })}
            rowClassName={(p) => (p.id === opened?.id ? 'ant-table-row-selected' : '')}
            locale={{ emptyText: <Empty description={t.empty}>{t.emptyHint}</Empty> }}
            pagination={{
              current: pageNum,
              pageSize: PAGE_SIZE,
              total: answer.data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => texts.kit.list.total(total),
              onChange: setPageNum,
            }}
          />
        </Card>
        <Card size="small" title={t.mapTitle} className={styles.mapCard} styles={{ body: { padding: 0 } }}>
          <div className={styles.map}>
            <BaseMap center={MAP_PICKER_CENTER} zoom={6} label={t.mapLabel}>
              <PlanTrucksLayer plans={rows} selectedId={opened?.id} onPick={setOpened} />
            </BaseMap>
          </div>
        </Card>
      </div>
      <PlanStationsDrawer plan={opened} canFillIn={codes.has(FILL_IN_CODE)} onClose={() => setOpened(null)} />
    </Flex>
  );
}

export default function DepartureMonitorPage() {
  return (
    <WithQueryClient>
      <DepartureMonitor />
    </WithQueryClient>
  );
}
