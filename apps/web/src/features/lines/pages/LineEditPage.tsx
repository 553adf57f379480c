import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  FORM_NOTIFY_DURATION_MS,
  insertBeforeEnd,
  MAP_PICKER_CENTER,
  newStationTable,
  ROUTE_MAP_INITIAL_ZOOM,
  ROUTE_MAP_MAX_ZOOM,
  ROUTE_MAP_MIN_ZOOM,
  type StationRow,
  stationTableProblem,
  tableTotals,
} from '@fleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { addLine, editLine, fetchLine, type LineFields, recalculateLine } from '../../../api/lines';
import { fetchStationBox } from '../../../api/stations';
import { BackTitle } from '../../../kit/record/BackTitle';
import { texts } from '../../../locales';
import { BaseMap } from '../../../map';
import { useLeavePage } from '../../stations/useLeavePage';
import { LineForm, type LineFormValues } from '../LineForm';
import { LineMapLayer } from '../LineMapLayer';
import { lineRecord } from '../line.record';
import { linePaths } from '../linePaths';
import { StationTable } from '../StationTable';

const t = texts.lines;

/**
 * 新增线路 / 编辑线路 (/car-dispatch/route/addNewLine and editNewLine?id=, and the same pages of
 * /smart-coal/route and /tc/route): the line's fields, its station table and the line on a map.
 */
export default function LineEditPage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const idText = search.get('id');
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : undefined;
  const paths = linePaths(pathname);
  const navigate = useNavigate();
  const leave = useLeavePage();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<LineFormValues>();
  const [rows, setRows] = useState<StationRow[]>(newStationTable);
  const [customerName, setCustomerName] = useState<string>();
  const [loading, setLoading] = useState(id !== undefined);
  const [saving, setSaving] = useState(false);
  const [calculating, setCalculating] = useState(false);
  const [notice, setNotice] = useState<string>(t.noMapService);
  const stations = useQuery({ queryKey: ['stations', 'box'], queryFn: () => fetchStationBox() });

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    fetchLine(id).then(
      (line) => {
        if (!live) return;
        form.setFieldsValue({
          routeName: line.routeName,
          routeType: line.routeType,
          teamCode: line.teamCode,
          customerId: line.customerId,
          cargo: line.cargo,
          speedLimit: line.speedLimit,
          corridorWidth: line.corridorWidth,
          fuelBrand: line.fuelBrand || undefined,
          fuelSeries: line.fuelSeries || undefined,
          enabled: line.status === 1,
          remark: line.remark,
        });
        setCustomerName(line.customerName);
        setRows(line.stationList);
        setLoading(false);
      },
      () => {
        if (live) navigate(paths.list);
      },
    );
    return () => {
      live = false;
    };
  }, [id, form, navigate, paths.list]);

  const recalculate = async () => {
    setCalculating(true);
    try {
      const answer = await recalculateLine(rows);
      setRows(answer.stationList);
      setNotice(answer.notice);
      void message.success(t.recalculated);
    } catch {
      // the request client showed why
    } finally {
      setCalculating(false);
    }
  };

  const save = async () => {
    let values: LineFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const problem = stationTableProblem(rows);
    if (problem) {
      void message.warning(problem);
      return;
    }
    const { enabled, ...rest } = values;
    const line: LineFields = {
      ...rest,
      customerId: rest.customerId ?? null,
      status: enabled ? 1 : 0,
      stationList: rows,
    };
    setSaving(true);
    try {
      const answer = id === undefined ? await addLine(line) : await editLine({ ...line, id });
      if (answer.code !== 200) return;
      void message.success(
        id === undefined ? texts.kit.dialog.created : texts.kit.dialog.updated,
        FORM_NOTIFY_DURATION_MS / 1000,
      );
      await client.invalidateQueries({ queryKey: ['list', lineRecord.listKey] });
      leave(paths.list);
    } catch {
      // the request client showed why
    } finally {
      setSaving(false);
    }
  };

  const totals = tableTotals(rows);
  const allCalculated = rows.slice(1).every((r) => r.baiduMapProduce);
  const hours = Math.floor(totals.minutes / 60);

  return (
    <Spin spinning={loading}>
      <Flex vertical gap={12}>
        <Card
          title={
            <BackTitle onBack={() => navigate(paths.list)} backLabel={t.back}>
              {id === undefined ? t.addTitle : t.editTitle}
            </BackTitle>
          }
          extra={
            <Button type="primary" loading={saving} disabled={loading} onClick={save}>
              {t.save}
            </Button>
          }
        >
          <LineForm form={form} customerName={customerName} />
        </Card>
        <Card
          title={t.stationTable}
          extra={
            <Space>
              <Typography.Text type="secondary" data-testid="line-total">
                {t.total(totals.distance.toFixed(1), hours, totals.minutes % 60)}
              </Typography.Text>
              <Button icon={<PlusOutlined />} onClick={() => setRows((now) => insertBeforeEnd(now))}>
                {t.insertWaypoint}
              </Button>
              <Button icon={<ReloadOutlined />} loading={calculating} onClick={recalculate}>
                {t.recalculate}
              </Button>
            </Space>
          }
        >
          {!allCalculated && (
            <Alert type="warning" showIcon message={notice || t.changedHint} style={{ marginBottom: 12 }} />
          )}
          <StationTable rows={rows} onChange={setRows} stations={stations.data ?? []} />
        </Card>
        <Card title={t.mapTitle} styles={{ body: { padding: 0, height: 380 } }}>
          <BaseMap
            center={MAP_PICKER_CENTER}
            zoom={ROUTE_MAP_INITIAL_ZOOM}
            minZoom={ROUTE_MAP_MIN_ZOOM}
            maxZoom={ROUTE_MAP_MAX_ZOOM}
            label={t.mapLabel}
          >
            <LineMapLayer rows={rows} />
          </BaseMap>
        </Card>
      </Flex>
    </Spin>
  );
}
