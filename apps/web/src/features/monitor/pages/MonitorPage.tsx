import { Tabs } from 'antd';
import { useCallback, useRef } from 'react';
import type { AggregateAnswer } from '../../../api/monitor';
import { texts } from '../../../locales';
import { useFillHeight } from '../../../map';
import type { TabType } from '../carFilter';
import { useRouteCarFilter } from '../carFilterStore';
import { MonitorMap } from '../MonitorMap';
import styles from '../monitor.module.css';
import { PlateSearch } from '../PlateSearch';
import { useMonitorControls } from '../useMonitorControls';
import { VehicleTree } from '../VehicleTree';

const t = texts.monitor;

/**
 * 全图监控 (/monitor/scatter/route): the team and vehicle tree with online counts, tabs and plate
 * search on the left; the clustered vehicles of the checked teams and cars on the map.
 */
export default function MonitorPage() {
  const page = useRef<HTMLDivElement>(null);
  const height = useFillHeight(page);
  const filter = useRouteCarFilter();
  const dispatch = useRouteCarFilter((s) => s.dispatch);
  const { followVin, follow, locate, pick, counts, setCounts } = useMonitorControls(dispatch);
  const onAnswer = useCallback((answer: AggregateAnswer) => setCounts(answer.counts), [setCounts]);

  const tabLabel = (tab: TabType) => {
    const n = counts ? (tab === 'all' ? counts.total : counts[tab]) : undefined;
    return n === undefined ? t.tabs[tab] : `${t.tabs[tab]}(${n})`;
  };

  return (
    <div ref={page} className={styles.page} style={{ height }}>
      <aside className={styles.panel}>
        <div className={styles.panelHead}>
          <Tabs
            className={styles.panelTabs}
            size="small"
            activeKey={filter.tabType}
            onChange={(tab) => dispatch({ type: 'tab', tab: tab as TabType })}
            items={(['all', 'online', 'offline'] as const).map((tab) => ({ key: tab, label: tabLabel(tab) }))}
          />
          <PlateSearch
            query={filter.query}
            selector={filter.selector}
            onSearch={(query) => dispatch({ type: 'query', query })}
            onSelector={(selector) => dispatch({ type: 'selector', selector })}
          />
        </div>
        <VehicleTree filter={filter} dispatch={dispatch} onPick={pick} />
      </aside>
      <MonitorMap
        label={t.title}
        filter={filter}
        dispatch={dispatch}
        followVin={followVin}
        onFollow={follow}
        locate={locate}
        onAnswer={onAnswer}
      />
    </div>
  );
}
