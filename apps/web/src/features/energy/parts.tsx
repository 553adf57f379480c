import { abbreviateNumber, formatDate, last31Days, per100KmText } from '@fleet/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Spin, Statistic, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { texts } from '../../locales';
import type { DayChart, Figures, Card as FuelCard } from './api';

const t = texts.energy;
const EnergyChart = lazy(() => import('./EnergyChart'));

/** The pages' first period: the last 31 days to today. */
export function firstPeriod() {
  const [from, to] = last31Days(new Date());
  return { startDate: formatDate(from), endDate: formatDate(to) };
}

/** '32.15 L/百公里', or '-' without mileage. */
export const per100Text = (v: number | null, unit: string) => per100KmText(v, unit);

type Pair = Pick<Figures, 'fuelUsed' | 'fuelUnit' | 'per100Km' | 'powerUsed' | 'powerUnit' | 'powerPer100Km'>;

/** The use of a row in its units: '96.8 L', and a plug-in hybrid's electricity after it. */
export const usedTexts = (r: Pair): string[] => [
  `${r.fuelUsed} ${r.fuelUnit}`,
  ...(r.powerUsed !== null && r.powerUnit ? [`${r.powerUsed} ${r.powerUnit}`] : []),
];
/** The use per 100 km of a row: '8.07 L/百公里', and a plug-in hybrid's electricity after it. */
export const per100Texts = (r: Pair): string[] => [
  per100KmText(r.per100Km, r.fuelUnit),
  ...(r.powerUnit && r.powerUsed !== null ? [per100KmText(r.powerPer100Km, r.powerUnit)] : []),
];
/** Texts one a line (a plug-in hybrid's two figures). */
export const Lines = ({ texts: lines }: { texts: string[] }) =>
  lines.length === 1 ? (
    lines[0]
  ) : (
    <Flex vertical>
      {lines.map((l) => (
        <span key={l}>{l}</span>
      ))}
    </Flex>
  );

/** The cells of a 合计 row under `figureColumns`. */
export const figureCells = (r: Figures, options: { refuel?: boolean } = {}) => [
  r.mileage,
  <Lines key="used" texts={usedTexts(r)} />,
  <Lines key="per100" texts={per100Texts(r)} />,
  r.driveHours,
  r.trips,
  ...(options.refuel ? [r.refuel, r.drain] : []),
];
/** 12345.6 → '12.3k' (business section 9). */
export const short = (v: number) => abbreviateNumber(v, 1);

const right = 'right' as const;

/** The figure columns of a report table, after the row's own. */
export function figureColumns<T extends Figures>(options: { energy?: boolean; refuel?: boolean } = {}) {
  return [
    { key: 'mileage', dataIndex: 'mileage', title: t.mileage, width: 95, align: right },
    {
      key: 'fuelUsed',
      title: options.energy ? t.energyUsed : t.fuelUsed,
      width: 110,
      align: right,
      render: (_: unknown, r: T) => <Lines texts={usedTexts(r)} />,
    },
    {
      key: 'per100Km',
      title: options.energy ? t.per100Energy : t.per100,
      width: 140,
      align: right,
      render: (_: unknown, r: T) => <Lines texts={per100Texts(r)} />,
    },
    { key: 'driveHours', dataIndex: 'driveHours', title: t.driveHours, width: 90, align: right },
    { key: 'trips', dataIndex: 'trips', title: t.trips, width: 70, align: right },
    ...(options.refuel
      ? [
          { key: 'refuel', dataIndex: 'refuel', title: t.refuel, width: 90, align: right },
          { key: 'drain', dataIndex: 'drain', title: t.drain, width: 90, align: right },
        ]
      : []),
  ];
}

/** Loading, error (with 重试) and 暂无数据 around a query's content. */
export function QueryState<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  empty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={t.loadFailed}
        description={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t.retry}</Button>}
      />
    );
  if (empty?.(query.data)) return <Empty description={t.empty} />;
  return <>{children(query.data)}</>;
}

/** A chart loaded on its own. */
export function Chart({
  option,
  label,
  height,
}: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
}) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
      <EnergyChart option={option} label={label} height={height} />
    </Suspense>
  );
}

/** Each day's mileage (bars) and fuel (line) of every unit. */
export function dayChartOption(chart: DayChart): EChartsCoreOption {
  return {
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: chart.days.map((d) => d.slice(5)) },
    yAxis: [
      { type: 'value', name: 'km', axisLabel: { formatter: short } },
      { type: 'value', name: chart.series.map((s) => s.unit).join(' / '), axisLabel: { formatter: short } },
    ],
    series: chart.series.flatMap((s) => [
      { type: 'bar', name: `${t.mileage} ${s.unit}车`, data: s.mileage, barMaxWidth: 18 },
      {
        type: 'line',
        name: `${t.fuelUsed}(${s.unit === s.fuelUnit ? s.unit : `${s.unit}车 ${s.fuelUnit}`})`,
        data: s.fuelUsed,
        yAxisIndex: 1,
        smooth: true,
      },
      ...(s.powerUsed
        ? [
            {
              type: 'line',
              name: `${t.powerUsed}(${s.unit}车 ${s.powerUnit})`,
              data: s.powerUsed,
              yAxisIndex: 1,
              smooth: true,
            },
          ]
        : []),
    ]),
  };
}

/** 油耗管家 cards: each unit's totals of the period against the previous one. */
export function FuelCards({
  cards,
  previous,
}: {
  cards: FuelCard[];
  previous: { start: string; end: string };
}) {
  if (cards.length === 0) return <Empty description={t.empty} />;
  const change = (v: number | null) => (
    <Typography.Text type={v === null ? 'secondary' : v > 0 ? 'danger' : 'success'} style={{ fontSize: 12 }}>
      {t.cards.change(v)}
    </Typography.Text>
  );
  return (
    <Flex vertical gap={8}>
      {cards.map((c) => (
        <Row gutter={12} key={c.unit} aria-label={`${c.unit}汇总`}>
          <Col span={6}>
            <Card size="small">
              <Statistic title={t.cards.mileage} value={short(c.current?.mileage ?? 0)} suffix="km" />
              {change(c.mileageChange)}
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <Statistic
                title={t.cards.fuelUsed}
                value={short(c.current?.fuelUsed ?? 0)}
                suffix={c.current?.fuelUnit ?? c.unit}
              />
              {change(c.fuelUsedChange)}
              {c.current?.powerUsed != null && (
                <Typography.Text style={{ display: 'block' }} aria-label={t.cards.powerUsed}>
                  {`${t.cards.powerUsed} ${short(c.current.powerUsed)} ${c.current.powerUnit}`}
                </Typography.Text>
              )}
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <Statistic
                title={t.cards.per100}
                value={c.current?.per100Km ?? '-'}
                suffix={c.current?.per100Km === null ? undefined : c.per100Unit}
              />
              {change(c.per100KmChange)}
              {c.current?.powerUnit && (
                <Typography.Text style={{ display: 'block' }} aria-label={t.cards.per100Power}>
                  {`${t.cards.per100Power} ${per100KmText(c.current.powerPer100Km, c.current.powerUnit)}`}
                </Typography.Text>
              )}
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <Statistic title={t.cards.trucks} value={c.current?.trucks ?? 0} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t.cards.previous(previous.start, previous.end)}
              </Typography.Text>
            </Card>
          </Col>
        </Row>
      ))}
    </Flex>
  );
}
