import { PLAN_STATE } from '@fleet/domain';
import * as L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import type { AggregateAnswer, MapVehicle } from '../../api/monitor';
import { texts } from '../../locales';
import { keepFitted, pinIcon, useMapState, VehiclesLayer } from '../../map';
import type { MonitoredPlan, MonitoredStation } from './api';

const t = texts.planMonitor;
const STATION_COLORS: Record<number, string> = { 1: '#2f9e44', 2: '#1677ff', 3: '#e03131' };

/** A monitored plan's truck as the vehicles layer draws it (positions come in microdegrees). */
export function planVehicle(plan: MonitoredPlan): MapVehicle | null {
  if (plan.lat === null || plan.lon === null) return null;
  const speed = plan.speed ?? 0;
  return {
    vin: `plan-${plan.id}`,
    carNo: plan.carNo,
    lat: plan.lat / 1e6,
    lng: plan.lon / 1e6,
    direction: 0,
    speed,
    online: plan.online,
    state: plan.online ? t.online : t.offline,
    stateCode: !plan.online ? 'offline' : speed > 0 ? 'moving' : 'parked',
    alarm: plan.lateState === 2,
    reportTime: '',
  };
}

/**
 * One plan a truck for the map: a truck with two listed plans (today's running one and the next one
 * already handed over) is one vehicle, drawn as the selected plan, else the running one, else the first.
 */
export function planPerTruck(plans: readonly MonitoredPlan[], selectedId?: number | null): MonitoredPlan[] {
  const rank = (p: MonitoredPlan) => (p.id === selectedId ? 2 : p.state === PLAN_STATE.running ? 1 : 0);
  const byTruck = new Map<string, MonitoredPlan>();
  for (const plan of plans) {
    const key = plan.truckId !== null ? `t${plan.truckId}` : `p${plan.id}`;
    const kept = byTruck.get(key);
    if (!kept || rank(plan) > rank(kept)) byTruck.set(key, plan);
  }
  return [...byTruck.values()];
}

/**
 * The trucks of the listed plans (renders nothing): the vehicle markers of the monitor map, fitted
 * into view when the set of trucks changes; a click names the plan.
 */
export function PlanTrucksLayer({
  plans,
  selectedId,
  onPick,
}: {
  plans: readonly MonitoredPlan[];
  selectedId?: number | null;
  onPick: (plan: MonitoredPlan) => void;
}) {
  const { map, projection } = useMapState();
  const data = useMemo<AggregateAnswer>(() => {
    const vehicles = planPerTruck(plans, selectedId)
      .map(planVehicle)
      .filter((v): v is MapVehicle => v !== null);
    return {
      zoom: map.getZoom(),
      clusters: [],
      vehicles,
      total: vehicles.length,
      counts: {} as AggregateAnswer['counts'],
    };
  }, [plans, selectedId, map]);
  const byVin = useMemo(() => new Map(plans.map((p) => [`plan-${p.id}`, p])), [plans]);
  const places = useRef('');
  places.current = data.vehicles.map((v) => projection.pointToMap(v).join(',')).join(';');
  // the set of trucks, not each move, decides the fit
  const vins = data.vehicles.map((v) => v.vin).join(',');
  useEffect(() => {
    if (!vins || !places.current) return;
    const at = places.current.split(';').map((p) => p.split(',').map(Number) as [number, number]);
    return keepFitted(
      map,
      at.length === 1
        ? { kind: 'point', at: at[0] as L.LatLngExpression, zoom: 11 }
        : { kind: 'bounds', bounds: L.latLngBounds(at), padding: 40 },
    );
  }, [map, vins]);
  return (
    <VehiclesLayer
      data={data}
      selectedVin={selectedId ? `plan-${selectedId}` : null}
      onVehicleClick={(v) => {
        const plan = byVin.get(v.vin);
        if (plan) onPick(plan);
      }}
    />
  );
}

/** A coordinate in degrees, also when given in microdegrees. */
const degrees = (value: number) => (Math.abs(value) > 1000 ? value / 1e6 : value);

/** The plan's line path and its stations as pins (renders nothing), fitted into view. */
export function PlanPathLayer({
  path,
  stations,
}: {
  path: readonly { lat: number; lng: number }[];
  stations: readonly MonitoredStation[];
}) {
  const { map, projection } = useMapState();
  useEffect(() => {
    const group = L.featureGroup().addTo(map);
    const line = path.map((p) => projection.toMap(p.lng, p.lat));
    if (line.length >= 2) L.polyline(line, { color: '#1677ff', weight: 5, opacity: 0.75 }).addTo(group);
    const pins: [number, number][] = [];
    for (const s of stations) {
      if (s.lat === null || s.lon === null) continue;
      const at = projection.toMap(degrees(s.lon), degrees(s.lat));
      pins.push(at);
      L.marker(at, {
        icon: pinIcon(`${s.seq} ${t.stationTypes[s.stationType] ?? ''}`, STATION_COLORS[s.stationType]),
        keyboard: false,
      })
        .bindTooltip(s.address)
        .addTo(group);
    }
    const all = [...line, ...pins];
    const undo =
      all.length === 0
        ? undefined
        : keepFitted(
            map,
            all.length === 1
              ? { kind: 'point', at: all[0] as L.LatLngExpression, zoom: 12 }
              : { kind: 'bounds', bounds: L.latLngBounds(all), padding: 24 },
          );
    return () => {
      undo?.();
      group.remove();
    };
  }, [map, projection, path, stations]);
  return null;
}
