import { useEffect, useState } from 'react';
import { degreesText, graticuleStep, gridLines } from './graticuleMath';
import { useMapState } from './MapContext';
import styles from './map.module.css';

interface Label {
  key: string;
  text: string;
  x: number;
  y: number;
}

/** Degree labels of the graticule along the top and left edges of the plain background. */
export function GraticuleLabels() {
  const { map } = useMapState();
  const [labels, setLabels] = useState<Label[]>([]);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const bounds = map.getBounds();
      const size = map.getSize();
      const step = graticuleStep(map.getZoom());
      const next: Label[] = [];
      for (const lng of gridLines(bounds.getWest(), bounds.getEast(), step)) {
        const x = map.latLngToContainerPoint([bounds.getNorth(), lng]).x;
        if (x > 40 && x < size.x - 40) {
          next.push({ key: `x${lng}`, text: degreesText(lng, 'lng', step), x: x + 2, y: 2 });
        }
      }
      for (const lat of gridLines(bounds.getSouth(), bounds.getNorth(), step)) {
        const y = map.latLngToContainerPoint([lat, bounds.getWest()]).y;
        if (y > 24 && y < size.y - 40) {
          next.push({ key: `y${lat}`, text: degreesText(lat, 'lat', step), x: 2, y: y - 16 });
        }
      }
      setLabels(next);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    map.on('move zoom resize', schedule);
    return () => {
      map.off('move zoom resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [map]);

  return (
    <>
      {labels.map((label) => (
        <span key={label.key} className={styles.graticuleLabel} style={{ left: label.x, top: label.y }}>
          {label.text}
        </span>
      ))}
    </>
  );
}
