import { UnorderedListOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useRef, useState } from 'react';
import type { AggregateAnswer } from '../../../api/monitor';
import { TeamTreeSelect } from '../../../kit';
import { texts } from '../../../locales';
import { useFillHeight } from '../../../map';
import { useNewRouteCarFilter } from '../carFilterStore';
import { MonitorMap } from '../MonitorMap';
import styles from '../monitor.module.css';
import { PlateSearch } from '../PlateSearch';
import { StateChips } from '../StateChips';
import { useMonitorControls } from '../useMonitorControls';
import { VehicleListDrawer } from '../VehicleListDrawer';

const t = texts.monitor;

/**
 * 全图监控2.0 (/monitor/scatter/newroute): the whole width for the map; state chips with counts,
 * plate search and team filter above it; the vehicles as a table in a drawer.
 */
export default function MonitorNewPage() {
  const page = useRef<HTMLDivElement>(null);
  const height = useFillHeight(page);
  const filter = useNewRouteCarFilter();
  const dispatch = useNewRouteCarFilter((s) => s.dispatch);
  const { followVin, follow, locate, pick, counts, setCounts } = useMonitorControls(dispatch);
  const [listOpen, setListOpen] = useState(false);
  const onAnswer = useCallback((answer: AggregateAnswer) => setCounts(answer.counts), [setCounts]);

  return (
    <div ref={page} className={styles.pageColumn} style={{ height }}>
      <div className={styles.toolbarRow}>
        <StateChips
          value={filter.state}
          counts={counts}
          onChange={(state) => dispatch({ type: 'state', state })}
        />
        <span className={styles.grow} />
        <TeamTreeSelect
          multiple
          value={filter.checkedTeams}
          placeholder={t.teamFilter}
          style={{ width: 240 }}
          onChange={(teams) =>
            dispatch({ type: 'check', teams: Array.isArray(teams) ? teams : teams ? [teams] : [], cars: [] })
          }
        />
        <PlateSearch
          style={{ width: 300 }}
          query={filter.query}
          selector={filter.selector}
          onSearch={(query) => dispatch({ type: 'query', query })}
          onSelector={(selector) => dispatch({ type: 'selector', selector })}
        />
        <Button icon={<UnorderedListOutlined />} onClick={() => setListOpen(true)}>
          {t.vehicleList}
        </Button>
      </div>
      <MonitorMap
        label={t.titleNew}
        filter={filter}
        dispatch={dispatch}
        followVin={followVin}
        onFollow={follow}
        locate={locate}
        onAnswer={onAnswer}
      />
      <VehicleListDrawer
        open={listOpen}
        onClose={() => setListOpen(false)}
        filter={filter}
        onLocate={(vin) => {
          setListOpen(false);
          pick(vin);
        }}
        onFollow={(vin) => {
          setListOpen(false);
          pick(vin);
          follow(vin);
        }}
      />
    </div>
  );
}
