import { formatDate, last31Days } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Input, Result, Spin } from 'antd';
import { useState } from 'react';
import { WithQueryClient } from '../../../kit';
import { StatisticsSearch } from '../../../kit/statistics/StatisticsParts';
import { texts } from '../../../locales';
import { AnalysisView } from '../AnalysisView';
import { analyseRoute } from '../api';
import { RouteSelect, useRoutes } from '../RouteSelect';

const t = texts.oilSaving;

function firstRange() {
  const [from, to] = last31Days(new Date());
  return { startDate: formatDate(from), endDate: formatDate(to) };
}

interface Query {
  lineId?: number;
  truckSeries?: string;
  startDate: string;
  endDate: string;
}

/** 线路节油分析 (/oil-saving/analysis, car100107): a line's runs and trucks by fuel per 100 km. */
function OilSavingAnalysis() {
  const routes = useRoutes();
  const [query, setQuery] = useState<Query>(firstRange);
  // each 查询 asks again, also with the same conditions
  const [searches, setSearches] = useState(0);
  const lineId = query.lineId ?? routes.data?.[0]?.id;
  const answer = useQuery({
    queryKey: ['oilSaving', 'analysis', query, lineId, searches],
    queryFn: () =>
      analyseRoute({
        lineId: lineId as number,
        startDate: query.startDate,
        endDate: query.endDate,
        truckSeries: query.truckSeries || undefined,
      }),
    enabled: lineId !== undefined,
  });
  return (
    <Flex vertical gap={12}>
      <StatisticsSearch<{ lineId?: number; truckSeries?: string }>
        name="oilSavingAnalysis"
        rangeLabel={t.analysePeriod}
        firstRange={firstRange}
        onSearch={(v) => {
          setQuery({ ...v, truckSeries: v.truckSeries?.trim() || undefined });
          setSearches((n) => n + 1);
        }}
        onReset={() => setQuery(firstRange())}
      >
        <Form.Item name="lineId" label={t.line}>
          <RouteSelect allowClear style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="truckSeries" label={t.series}>
          <Input allowClear style={{ width: 160 }} placeholder={t.seriesPlaceholder} />
        </Form.Item>
      </StatisticsSearch>
      <Card size="small">
        {answer.isError ? (
          <Result
            status="warning"
            title={t.loadFailed}
            extra={<Button onClick={() => void answer.refetch()}>{t.retry}</Button>}
          />
        ) : answer.data ? (
          <Spin spinning={answer.isFetching}>
            <AnalysisView analysis={answer.data} />
          </Spin>
        ) : answer.isFetching || routes.isFetching ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <Empty description={t.empty} />
        )}
      </Card>
    </Flex>
  );
}

export default function OilSavingAnalysisPage() {
  return (
    <WithQueryClient>
      <OilSavingAnalysis />
    </WithQueryClient>
  );
}
