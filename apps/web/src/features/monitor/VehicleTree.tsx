import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { fetchCarTree, type TreeCar, type VehicleTreeNode } from '../../api/monitor';
import { texts } from '../../locales';
import { useShown, vehicleColor } from '../../map';
import { type CarFilterAction, type CarFilterState, effectiveState } from './carFilter';
import styles from './monitor.module.css';

const t = texts.monitor;
/** The tree (online counts, states) refreshes this often. */
export const TREE_REFRESH_MS = 30_000;

const TEAM = 'team:';
const CAR = 'car:';

function carTitle(car: TreeCar) {
  return (
    <span className={styles.treeCar} title={car.state}>
      <span className={styles.treeDot} style={{ background: vehicleColor(car) }} />
      <span>{car.carNo}</span>
      {car.online && <span className={styles.treeSpeed}>{t.card.kmh(car.speed)}</span>}
    </span>
  );
}

function toNodes(nodes: readonly VehicleTreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: `${TEAM}${node.teamCode}`,
    title: (
      <span>
        {node.teamName}
        <span className={styles.treeTeamCount}>{t.teamCount(node.onlineCount, node.total)}</span>
      </span>
    ),
    children: [
      ...toNodes(node.children),
      ...node.cars.map((car) => ({ key: `${CAR}${car.vin}`, title: carTitle(car), isLeaf: true })),
    ],
  }));
}

function teamKeys(nodes: readonly VehicleTreeNode[], depth: number): string[] {
  if (depth <= 0) return [];
  return nodes.flatMap((n) => [`${TEAM}${n.teamCode}`, ...teamKeys(n.children, depth - 1)]);
}

export interface VehicleTreeProps {
  filter: CarFilterState;
  dispatch: (action: CarFilterAction) => void;
  /** A vehicle picked in the tree: open its card and bring it into view. */
  onPick: (vin: string) => void;
}

/**
 * The team and vehicle tree of full-map monitoring: each team with (online/total), its vehicles
 * with their state colour and speed; checking teams and vehicles filters the map.
 */
export function VehicleTree({ filter, dispatch, onPick }: VehicleTreeProps) {
  const box = useRef<HTMLElement>(null);
  const shown = useShown(box);
  const [height, setHeight] = useState(400);
  const state = effectiveState(filter);
  const tree = useQuery({
    queryKey: ['monitor', 'carTree', filter.query, state],
    queryFn: ({ signal }) => fetchCarTree({ keyword: filter.query || undefined, state }, signal),
    refetchInterval: shown ? TREE_REFRESH_MS : false,
    placeholderData: (previous) => previous,
  });
  const data = useMemo(() => toNodes(tree.data ?? []), [tree.data]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const expandedOnce = useRef(false);

  useEffect(() => {
    if (expandedOnce.current || !tree.data) return;
    expandedOnce.current = true;
    setExpanded(teamKeys(tree.data, 10));
  }, [tree.data]);

  // A search opens every team, so the vehicles found are in sight.
  useEffect(() => {
    if (filter.query !== '' && tree.data) setExpanded(teamKeys(tree.data, 10));
  }, [filter.query, tree.data]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (element.clientHeight > 0) setHeight(element.clientHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const checkedKeys = useMemo(
    () => [...filter.checkedTeams.map((c) => `${TEAM}${c}`), ...filter.checkedCars.map((v) => `${CAR}${v}`)],
    [filter.checkedTeams, filter.checkedCars],
  );

  return (
    <section ref={box} className={styles.treeBox} aria-label={t.treeTitle}>
      {tree.isPending ? (
        <Spin style={{ display: 'block', marginTop: 40 }} />
      ) : data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noVehicle} />
      ) : (
        <Tree
          checkable
          blockNode
          height={height}
          treeData={data}
          expandedKeys={expanded}
          onExpand={setExpanded}
          checkedKeys={checkedKeys}
          selectedKeys={filter.carOid ? [`${CAR}${filter.carOid}`] : []}
          onCheck={(keys) => {
            const list = (Array.isArray(keys) ? keys : keys.checked).map(String);
            dispatch({
              type: 'check',
              teams: list.filter((k) => k.startsWith(TEAM)).map((k) => k.slice(TEAM.length)),
              cars: list.filter((k) => k.startsWith(CAR)).map((k) => k.slice(CAR.length)),
            });
          }}
          onSelect={(_, info) => {
            const key = String(info.node.key);
            if (key.startsWith(CAR)) onPick(key.slice(CAR.length));
            else setExpanded((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
          }}
        />
      )}
    </section>
  );
}
