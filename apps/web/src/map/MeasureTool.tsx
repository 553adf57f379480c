import { ColumnWidthOutlined } from '@ant-design/icons';
import { Button, Segmented, Tooltip } from 'antd';
import * as L from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { texts } from '../locales';
import { setMeasuring, useMapState } from './MapContext';
import styles from './map.module.css';
import { type DistanceUnit, formatDistance, pathMeters } from './measure';

const t = texts.map;
const LINE = { color: '#d6336c', weight: 3, dashArray: '6 6', interactive: false } as const;

export interface MeasureToolProps {
  unit: DistanceUnit;
  onUnitChange: (unit: DistanceUnit) => void;
}

/**
 * Distance measuring (spec core section 2): click to add points, double-click or Esc to end; each
 * point shows the distance so far, in metric or US units. Renders its buttons; draws on the map.
 */
export function MeasureTool({ unit, onUnitChange }: MeasureToolProps) {
  const { map, projection } = useMapState();
  const [active, setActive] = useState(false);
  const [hasDrawing, setHasDrawing] = useState(false);
  const points = useRef<L.LatLng[]>([]);
  const drawing = useRef<L.LayerGroup>(undefined);
  const rubber = useRef<L.Polyline>(undefined);
  const unitRef = useRef(unit);
  unitRef.current = unit;

  const meters = useCallback(
    (latlngs: readonly L.LatLng[]) =>
      pathMeters(
        latlngs.map((p) => {
          const [lng, lat] = projection.toWgs(p.lat, p.lng);
          return { lng, lat };
        }),
      ),
    [projection],
  );

  const redraw = useCallback(() => {
    drawing.current?.remove();
    const group = L.layerGroup();
    const pts = points.current;
    if (pts.length > 1) L.polyline(pts, LINE).addTo(group);
    pts.forEach((p, i) => {
      const label = i === 0 ? t.measureStart : formatDistance(meters(pts.slice(0, i + 1)), unitRef.current);
      L.circleMarker(p, { radius: 4, color: '#d6336c', fillColor: '#fff', fillOpacity: 1, weight: 2 })
        .bindTooltip(i === pts.length - 1 && i > 0 ? t.total(label) : label, {
          permanent: true,
          direction: 'right',
          offset: [8, 0],
          className: styles.measureLabel,
        })
        .addTo(group);
    });
    group.addTo(map);
    drawing.current = group;
    setHasDrawing(pts.length > 0);
  }, [map, meters]);

  const clear = useCallback(() => {
    drawing.current?.remove();
    drawing.current = undefined;
    rubber.current?.remove();
    rubber.current = undefined;
    points.current = [];
    setHasDrawing(false);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new unit is the reason to write the labels again
  useEffect(() => {
    if (points.current.length > 0) redraw();
  }, [unit, redraw]);

  useEffect(() => {
    if (!active) return;
    setMeasuring(map, true);
    map.doubleClickZoom.disable();
    const container = map.getContainer();
    container.style.cursor = 'crosshair';
    const finish = () => setActive(false);
    const onClick = (event: L.LeafletMouseEvent) => {
      const last = points.current[points.current.length - 1];
      if (last && map.latLngToContainerPoint(last).distanceTo(event.containerPoint) < 4) return;
      points.current = [...points.current, event.latlng];
      redraw();
    };
    const onMove = (event: L.LeafletMouseEvent) => {
      const last = points.current[points.current.length - 1];
      if (!last) return;
      const line = [last, event.latlng];
      const total = formatDistance(meters([...points.current, event.latlng]), unitRef.current);
      if (rubber.current) rubber.current.setLatLngs(line);
      else {
        rubber.current = L.polyline(line, { ...LINE, opacity: 0.6 })
          .bindTooltip('', {
            sticky: true,
            className: styles.measureLabel,
            direction: 'right',
            offset: [12, 0],
          })
          .addTo(map);
      }
      rubber.current.setTooltipContent(total);
      rubber.current.openTooltip(event.latlng);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') finish();
    };
    map.on('click', onClick);
    map.on('mousemove', onMove);
    map.on('dblclick', finish);
    window.addEventListener('keydown', onKey);
    return () => {
      map.off('click', onClick);
      map.off('mousemove', onMove);
      map.off('dblclick', finish);
      window.removeEventListener('keydown', onKey);
      rubber.current?.remove();
      rubber.current = undefined;
      container.style.cursor = '';
      map.doubleClickZoom.enable();
      setMeasuring(map, false);
    };
  }, [active, map, meters, redraw]);

  useEffect(() => clear, [clear]);

  return (
    <div className={styles.toolbar}>
      <Tooltip title={active ? undefined : t.measureHint}>
        <Button
          size="small"
          type={active ? 'primary' : 'default'}
          icon={<ColumnWidthOutlined />}
          onClick={() => {
            if (!active) clear();
            setActive(!active);
          }}
        >
          {active ? t.measureStop : t.measure}
        </Button>
      </Tooltip>
      {hasDrawing && !active && (
        <Button size="small" onClick={clear}>
          {t.measureClear}
        </Button>
      )}
      <Segmented<DistanceUnit>
        size="small"
        value={unit}
        onChange={onUnitChange}
        options={[
          { label: t.metric, value: 'metric' },
          { label: t.us, value: 'us' },
        ]}
      />
      {active && <div className={styles.measureHint}>{t.measureHint}</div>}
    </div>
  );
}
