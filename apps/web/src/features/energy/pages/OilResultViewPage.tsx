import { Button, Card, DatePicker, Empty, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { WithQueryClient } from '../../../kit';
import { texts } from '../../../locales';
import { fetchTruckTrips } from '../api';
import { firstPeriod } from '../parts';
import { TruckResultView } from '../TruckResult';

const t = texts.energy;

/** The period and truck of a result page's address (?truckId=&startDate=&endDate=). */
export function useResultQuery() {
  const [params, setParams] = useSearchParams();
  const first = firstPeriod();
  const truckId = Number(params.get('truckId')) || undefined;
  const startDate = params.get('startDate') || first.startDate;
  const endDate = params.get('endDate') || first.endDate;
  const setPeriod = (start: string, end: string) => {
    const next = new URLSearchParams(params);
    next.set('startDate', start);
    next.set('endDate', end);
    setParams(next);
  };
  return { truckId, startDate, endDate, setPeriod, params };
}

/** The range picker of a result page. */
export function PeriodPicker({
  startDate,
  endDate,
  onChange,
}: {
  startDate: string;
  endDate: string;
  onChange: (start: string, end: string) => void;
}) {
  return (
    <Flex align="center" gap={8}>
      <Typography.Text>{t.dateRange}</Typography.Text>
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(startDate), dayjs(endDate)]}
        onChange={(v) => {
          if (v?.[0] && v[1]) onChange(v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD'));
        }}
      />
    </Flex>
  );
}

/** 油耗结果查看 (/oil-consumption/result-view, car050301): one truck's result with its trips. */
function OilResultView() {
  const navigate = useNavigate();
  const { truckId, startDate, endDate, setPeriod } = useResultQuery();
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex justify="space-between" align="center">
          <PeriodPicker startDate={startDate} endDate={endDate} onChange={setPeriod} />
          <Button onClick={() => navigate('/oil-consumption/index')}>{t.back}</Button>
        </Flex>
      </Card>
      {truckId ? (
        <TruckResultView query={{ truckId, startDate, endDate }} trips={fetchTruckTrips} />
      ) : (
        <Card>
          <Empty description={t.noTruck} />
        </Card>
      )}
    </Flex>
  );
}

export default function OilResultViewPage() {
  return (
    <WithQueryClient>
      <OilResultView />
    </WithQueryClient>
  );
}
