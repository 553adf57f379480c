import { Form, Input } from 'antd';
import { TeamTreeSelect } from '../../kit';
import { StatisticsSearch } from '../../kit/statistics/StatisticsParts';
import { texts } from '../../locales';
import type { PeriodQuery } from './api';
import { firstPeriod } from './parts';

const t = texts.energy;

/** The search of the fuel and energy reports: period, team and plate; 重置 goes back to the last 31 days. */
export function EnergySearch({ name, onSearch }: { name: string; onSearch: (query: PeriodQuery) => void }) {
  return (
    <StatisticsSearch<{ teamCode?: string; carNo?: string }>
      name={name}
      rangeLabel={t.dateRange}
      firstRange={firstPeriod}
      onSearch={({ startDate, endDate, teamCode, carNo }) =>
        onSearch({ startDate, endDate, teamCode: teamCode || undefined, carNo: carNo?.trim() || undefined })
      }
      onReset={() => onSearch(firstPeriod())}
    >
      <Form.Item name="teamCode" label={t.team}>
        <TeamTreeSelect style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="carNo" label={t.carNo}>
        <Input placeholder={t.carNoPlaceholder} allowClear style={{ width: 160 }} />
      </Form.Item>
    </StatisticsSearch>
  );
}
