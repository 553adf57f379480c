import {
  ALARM_HANDLE_STATUSES,
  ALARM_LEVELS,
  type AlarmPageKey,
  alarmPageTypes,
  OPERATE_LOG_PAGES,
} from '@fleet/domain';
import { App, DatePicker, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  type AlarmQuery,
  type AlarmRow,
  exportAlarms,
  fetchAlarms,
  type Handling,
  handleAlarms,
} from '../../api/alarms';
import { ListPage, type ListPageHandle, OperationLogDialog, type SearchField } from '../../kit';
import { texts } from '../../locales';
import { AlarmSettingsButton } from '../alarm-settings/AlarmSettingsButton';
import { AlarmDetailDrawer } from './AlarmDetailDrawer';
import { alarmColumns, type OptionalColumn, type RowActions } from './alarmColumns';
import { apiQuery, dayRange, jumpQuery, lastDays } from './alarmFilters';
import { HandleDialog } from './HandleDialog';

const t = texts.alarms;

export interface AlarmPageConfig {
  page: AlarmPageKey;
  /** Columns of this page besides the common ones. */
  columns?: readonly OptionalColumn[];
  /** Offer the level filter (alarms whose source gives levels). */
  levelFilter?: boolean;
  /** Days of the default time range: 1 is today. */
  defaultDays?: number;
  /** The page's own handling call; POST /v2/web/alarm/handle by default. */
  handle?: (ids: readonly number[], handling: Handling) => Promise<unknown>;
  /** More row actions before 详情 (e.g. 故障详情). */
  rowLink?: (row: AlarmRow) => ReactNode;
  toolbarExtra?: ReactNode;
}

function searchFields(config: AlarmPageConfig): SearchField[] {
  const fields: SearchField[] = [
    { name: 'teamCode', label: t.team, type: 'team', width: 200 },
    { name: 'carNo', label: t.plate, placeholder: t.platePlaceholder, width: 160 },
    {
      name: 'eventType',
      label: t.type,
      type: 'select',
      width: 200,
      options: alarmPageTypes(config.page).map((type) => ({ value: type.code, label: type.name })),
    },
    {
      name: 'range',
      label: t.time,
      type: 'custom',
      control: (
        <DatePicker.RangePicker showTime style={{ width: 360 }} placeholder={[t.startTime, t.endTime]} />
      ),
    },
    {
      name: 'handleStatus',
      label: t.handleStatus,
      type: 'select',
      width: 120,
      options: ALARM_HANDLE_STATUSES.map((s) => ({ value: s.value, label: s.label })),
    },
  ];
  if (config.levelFilter) {
    fields.push({
      name: 'level',
      label: t.level,
      type: 'select',
      width: 120,
      options: ALARM_LEVELS.map((l) => ({ value: l.value, label: l.label })),
    });
  }
  return fields;
}

/**
 * An alarm page: filters (team, plate or VIN, the page's alarm types, time range from today,
 * handling state), the list with evidence and location, row detail, handling and operation log,
 * batch handling and the .xlsx export of the filtered rows. A pop-up jump's query (carNo, eventType,
 * startTime) prefills the filters.
 */
export function AlarmListPage({ config }: { config: AlarmPageConfig }) {
  const location = useLocation();
  const [search] = useSearchParams();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [detailOf, setDetailOf] = useState<number | undefined>();
  const [handling, setHandling] = useState<{ ids: number[]; row?: AlarmRow }>({ ids: [] });
  const [logOf, setLogOf] = useState<number | undefined>();
  const [capped, setCapped] = useState<number | undefined>();

  const initialQuery = useMemo(() => {
    const jump = jumpQuery(search);
    const now = new Date();
    const days = config.defaultDays ?? 1;
    return {
      range: jump.range ?? (days > 1 ? lastDays(now, days) : dayRange(now)),
      carNo: jump.carNo,
      eventType: jump.eventType,
    };
  }, [search, config.defaultDays]);
  const fields = useMemo(() => searchFields(config), [config]);
  const columns = useMemo(() => {
    const actions: RowActions = {
      onDetail: (row) => setDetailOf(row.id),
      onHandle: (row) => setHandling({ ids: [row.id], row }),
      onLog: (row) => setLogOf(row.id),
    };
    const base = alarmColumns(config.columns ?? [], actions);
    if (!config.rowLink) return base;
    const link = config.rowLink;
    return base.map((column) =>
      column.key === 'actions'
        ? {
            ...column,
            render: (value: unknown, row: AlarmRow, index: number) => (
              <span style={{ display: 'inline-flex', gap: 12 }}>
                {link(row)}
                {column.render?.(value, row, index) as ReactNode}
              </span>
            ),
          }
        : column,
    );
  }, [config]);

  const submitHandling = config.handle ?? handleAlarms;
  return (
    <>
      <ListPage<AlarmRow>
        key={location.search}
        ref={list}
        listKey={`alarms/${config.page}`}
        columnSettingsKey={`alarms/${config.page}`}
        fetchList={async (params, signal) => {
          const data = await fetchAlarms(config.page, apiQuery(params) as AlarmQuery & typeof params, signal);
          setCapped(data.totalCapped ? data.total : undefined);
          return data;
        }}
        columns={columns}
        rowKey="id"
        searchFields={fields}
        initialQuery={initialQuery}
        title={
          capped !== undefined ? (
            <Typography.Text type="warning">{t.cappedHint(capped)}</Typography.Text>
          ) : undefined
        }
        toolbar={{
          onExport: (query) =>
            exportAlarms(config.page, apiQuery(query) as AlarmQuery).then(
              (name) => void message.success(t.exported(name)),
              () => undefined,
            ),
          batchActions: [
            {
              key: 'handle',
              label: t.batchHandle,
              onClick: (rows) => setHandling({ ids: rows.map((r) => r.id) }),
            },
          ],
          extra: (
            <>
              {config.toolbarExtra}
              <AlarmSettingsButton />
            </>
          ),
        }}
      />
      <AlarmDetailDrawer id={detailOf} onClose={() => setDetailOf(undefined)} />
      <HandleDialog
        ids={handling.ids}
        initial={
          handling.row && handling.row.handleStatus !== 0
            ? {
                handleStatus: handling.row.handleStatus as 1 | 2,
                handleType: handling.row.handleType ?? undefined,
                remark: handling.row.handleRemark,
              }
            : undefined
        }
        onSubmit={submitHandling}
        onDone={() => {
          setHandling({ ids: [] });
          void list.current?.reload();
        }}
        onClose={() => setHandling({ ids: [] })}
      />
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf}
        pageEnum={OPERATE_LOG_PAGES.alarm}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
