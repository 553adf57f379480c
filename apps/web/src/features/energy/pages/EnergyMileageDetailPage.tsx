import { Button, Card, Flex } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { WithQueryClient } from '../../../kit';
import { texts } from '../../../locales';
import { fetchMileageTrips } from '../api';
import { TruckResultView } from '../TruckResult';
import { PeriodPicker, useResultQuery } from './OilResultViewPage';

const t = texts.energy;

/**
 * 里程能耗详情 (/car-cost/energy-consumption/mileage/:id, car100102) and 车辆里程详情
 * (/car-dispatch/car-mileage/mileage/:id, car060102): one truck's days and trips.
 */
function EnergyMileageDetail() {
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { startDate, endDate, setPeriod } = useResultQuery();
  const truckId = Number(id);
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex justify="space-between" align="center">
          <PeriodPicker startDate={startDate} endDate={endDate} onChange={setPeriod} />
          <Button onClick={() => navigate(-1)}>{t.back}</Button>
        </Flex>
      </Card>
      <TruckResultView query={{ truckId, startDate, endDate }} trips={fetchMileageTrips} />
    </Flex>
  );
}

export default function EnergyMileageDetailPage() {
  return (
    <WithQueryClient>
      <EnergyMileageDetail />
    </WithQueryClient>
  );
}
