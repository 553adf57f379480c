import { Button } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { handleViolations } from '../../../api/alarms';
import { texts } from '../../../locales';
import { AlarmListPage, type AlarmPageConfig } from '../AlarmListPage';

const BASE: AlarmPageConfig = {
  page: 'violation',
  columns: ['detail'],
  defaultDays: 7,
  handle: handleViolations,
};

/**
 * 车辆违章 (/alarm/violation): speeding, fatigue and overtime driving, phone use, smoking, no seat
 * belt, hands off the wheel, illegal ignition or displacement; with the over-speed risk by vehicle.
 */
export default function ViolationsPage() {
  const navigate = useNavigate();
  const config = useMemo<AlarmPageConfig>(
    () => ({
      ...BASE,
      toolbarExtra: (
        <Button onClick={() => navigate('/alarm/violation/over-speed-risk')}>
          {texts.alarms.overSpeed.entry}
        </Button>
      ),
    }),
    [navigate],
  );
  return <AlarmListPage config={config} />;
}
