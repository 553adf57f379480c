import * as L from 'leaflet';

/** What a layer wants in view: a place at a zoom, or bounds with padding. */
export type FitTarget =
  | { kind: 'point'; at: L.LatLngExpression; zoom: number }
  | { kind: 'bounds'; bounds: L.LatLngBounds; padding: number };

/**
 * Keeps `target` fitted in the map's view until the user moves the map: the fit waits until the map
 * has a size (a kept-alive tab or a dialog shows it later), and is made again when the map's size
 * changes (the dialog finished opening, the side bar or the window changed), since Leaflet keeps the
 * top-left corner on a resize and the line would drift into a corner. Returns the undo.
 */
export function keepFitted(map: L.Map, target: FitTarget): () => void {
  let fitting = false;
  let userMoved = false;
  const fit = () => {
    const size = map.getSize();
    if (size.x === 0 || size.y === 0 || userMoved) return;
    fitting = true;
    try {
      if (target.kind === 'point') map.setView(target.at, target.zoom, { animate: false });
      else
        map.fitBounds(target.bounds, {
          padding: L.point(target.padding, target.padding),
          animate: false,
        });
    } finally {
      fitting = false;
    }
  };
  const onResize = () => {
    // Leaflet reads the container's size lazily; a resize event means it has the new one.
    fit();
  };
  const onUserMove = () => {
    if (!fitting) userMoved = true;
  };
  map.on('resize', onResize);
  map.on('dragstart zoomstart', onUserMove);
  // The size may be stale while hidden: measure again before the first fit.
  map.invalidateSize({ pan: false });
  fit();
  return () => {
    map.off('resize', onResize);
    map.off('dragstart zoomstart', onUserMove);
  };
}
