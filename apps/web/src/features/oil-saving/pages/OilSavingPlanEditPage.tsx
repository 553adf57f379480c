import { formatDate, last31Days } from '@fleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Space, Spin, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BackTitle } from '../../../kit/record/BackTitle';
import { texts } from '../../../locales';
import { useLeavePage } from '../../stations/useLeavePage';
import { AnalysisView } from '../AnalysisView';
import {
  type Analysis,
  addPlan,
  analyseRoute,
  fetchPlan,
  OIL_SAVING_PATHS,
  type RouteStation,
  updatePlan,
} from '../api';
import { RouteSelect, useRoutes } from '../RouteSelect';

const t = texts.oilSaving;
const DAY = 'YYYY-MM-DD';

interface Values {
  lineId?: number;
  truckSeries?: string;
  targetFuel?: number;
  tolerance?: number;
  period?: [Dayjs, Dayjs];
  remark?: string;
}

const col = { span: 8 };

/**
 * 新增节油计划 / 编辑节油计划 (/oil-saving/plan/add and /edit?id=): the line with its stations, the
 * optional truck series, the target per 100 km, the period and tolerance, and the line's history
 * analysed to suggest a target.
 */
export default function OilSavingPlanEditPage() {
  const [search] = useSearchParams();
  const idText = search.get('id');
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : undefined;
  const navigate = useNavigate();
  const leave = useLeavePage();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(id !== undefined);
  const [saving, setSaving] = useState(false);
  const [stations, setStations] = useState<RouteStation[]>([]);
  const [analysis, setAnalysis] = useState<Analysis>();
  const [analysing, setAnalysing] = useState(false);
  const [history, setHistory] = useState<[Dayjs, Dayjs]>(() => {
    const [from, to] = last31Days(new Date());
    return [dayjs(formatDate(from)), dayjs(formatDate(to))];
  });
  const routes = useRoutes();
  const lineId = Form.useWatch('lineId', form);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    fetchPlan(id).then(
      (p) => {
        if (!live) return;
        form.setFieldsValue({
          lineId: p.lineId,
          truckSeries: p.truckSeries || undefined,
          targetFuel: p.targetFuel,
          tolerance: p.tolerance,
          period: [dayjs(p.startDate), dayjs(p.endDate)],
          remark: p.remark || undefined,
        });
        setStations(p.routeStationDTOList ?? []);
        setLoading(false);
      },
      () => live && navigate(OIL_SAVING_PATHS.list),
    );
    return () => {
      live = false;
    };
  }, [id, form, navigate]);

  useEffect(() => {
    const route = routes.data?.find((r) => r.id === lineId);
    if (route) setStations(route.routeStationDTOList);
    setAnalysis(undefined);
  }, [lineId, routes.data]);

  const analyse = async () => {
    const values = form.getFieldsValue();
    if (!values.lineId) {
      await form.validateFields(['lineId']).catch(() => undefined);
      return;
    }
    setAnalysing(true);
    try {
      setAnalysis(
        await analyseRoute({
          lineId: values.lineId,
          truckSeries: values.truckSeries?.trim() || undefined,
          startDate: history[0].format(DAY),
          endDate: history[1].format(DAY),
        }),
      );
    } catch {
      // shown by the request client
    } finally {
      setAnalysing(false);
    }
  };

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const [start, end] = v.period as [Dayjs, Dayjs];
    const fields = {
      lineId: v.lineId as number,
      truckSeries: v.truckSeries?.trim() ?? '',
      targetFuel: v.targetFuel as number,
      tolerance: v.tolerance ?? 5,
      startDate: start.format(DAY),
      endDate: end.format(DAY),
      remark: v.remark?.trim() ?? '',
    };
    setSaving(true);
    try {
      if (id) await updatePlan({ ...fields, id });
      else await addPlan(fields);
      void message.success(t.saved);
      await client.invalidateQueries({ queryKey: ['list', 'oil-saving-plans'] });
      leave(OIL_SAVING_PATHS.list);
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Spin spinning={loading}>
      <Card
        data-testid="oil-saving-editor"
        title={
          <BackTitle onBack={() => navigate(OIL_SAVING_PATHS.list)} backLabel={t.back}>
            {id ? t.editTitle : t.addTitle}
          </BackTitle>
        }
        extra={
          <Space>
            <Button onClick={() => navigate(OIL_SAVING_PATHS.list)}>{t.cancel}</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t.save}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" initialValues={{ tolerance: 5 }}>
          <Row gutter={24}>
            <Col {...col}>
              <Form.Item name="lineId" label={t.line} rules={[{ required: true, message: t.required.line }]}>
                <RouteSelect />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="truckSeries" label={t.series}>
                <Input allowClear maxLength={64} placeholder={t.seriesPlaceholder} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item
                name="targetFuel"
                label={t.targetFuel}
                rules={[
                  { required: true, message: t.required.target },
                  {
                    validator: (_, v: number | undefined) =>
                      v === undefined ||
                      v === null ||
                      (v >= 0.1 && v <= 100 && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t.targetRule)),
                  },
                ]}
              >
                <InputNumber style={{ width: '100%' }} step={0.1} placeholder={t.targetPlaceholder} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item
                name="period"
                label={t.period}
                rules={[{ required: true, message: t.required.period }]}
              >
                <DatePicker.RangePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="tolerance" label={t.tolerance}>
                <InputNumber style={{ width: '100%' }} min={0} max={100} precision={0} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="remark" label={t.remark}>
                <Input allowClear maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Card size="small" type="inner" title={t.stations} style={{ marginBottom: 16 }}>
          <Table<RouteStation>
            rowKey="seq"
            size="small"
            pagination={false}
            dataSource={stations}
            locale={{ emptyText: t.stationsEmpty }}
            columns={[
              { key: 'seq', dataIndex: 'seq', title: '#', width: 50 },
              {
                key: 'stationType',
                title: t.stationType,
                width: 80,
                render: (_, s) => t.stationTypes[s.stationType],
              },
              { key: 'stationName', dataIndex: 'stationName', title: t.stationName, width: 200 },
              {
                key: 'address',
                dataIndex: 'address',
                title: t.address,
                width: 260,
                ellipsis: true,
              },
              {
                key: 'distanceKm',
                title: t.distance,
                width: 120,
                align: 'right',
                render: (_, s) => s.distanceKm.toFixed(1),
              },
              {
                key: 'running',
                title: t.runningTime,
                width: 120,
                render: (_, s) => t.runningText(s.runningHours, s.runningMins),
              },
            ]}
          />
        </Card>
        <Card
          size="small"
          type="inner"
          title={
            <Space>
              {t.analysePeriod}
              <DatePicker.RangePicker
                allowClear={false}
                value={history}
                onChange={(v) => v?.[0] && v[1] && setHistory([v[0], v[1]])}
              />
              <Button onClick={() => void analyse()} loading={analysing}>
                {t.analyse}
              </Button>
            </Space>
          }
        >
          {analysis ? (
            <AnalysisView
              analysis={analysis}
              extra={
                analysis.summary.suggested !== null ? (
                  <Button
                    type="link"
                    onClick={() => form.setFieldsValue({ targetFuel: analysis.summary.suggested as number })}
                  >
                    {t.suggestedButton(analysis.summary.suggested)}
                  </Button>
                ) : null
              }
            />
          ) : (
            <span style={{ color: '#999' }}>{t.analysisRule}</span>
          )}
        </Card>
      </Card>
    </Spin>
  );
}
