/**
 * The map (DESIGN.md "map"): a Leaflet base map with configurable tiles and a plain fallback, and
 * layers as small components that render nothing and own their Leaflet objects through effects.
 */

export { AddressPicker, type AddressPickerProps, type PickedAddress } from './AddressPicker';
export { AddressCache, addressKey } from './address';
export { cityWithoutSuffix } from './addressPick';
export { BaseMap, type BaseMapProps } from './BaseMap';
export { type Fence, FenceLayer } from './FenceLayer';
export { type FitTarget, keepFitted } from './fitView';
export { isMeasuring, type MapState, useMapState } from './MapContext';
export { MapOverlay, MapTypeSwitch, SpeedLegend, VehicleLegend } from './MapControls';
export { MeasureTool } from './MeasureTool';
export { MovingMarker, type MovingMarkerHandle } from './MovingMarker';
export { escapeHtml } from './markers';
export { type DistanceUnit, formatDistance } from './measure';
export { nearestIndex } from './nearest';
export { PickMarker, pinIcon } from './PickMarker';
export type { Projection } from './projection';
export { type TrackColumns, TrackLayer, trackBounds } from './TrackLayer';
export type { MapType } from './tiles';
export { addresses, useAddress } from './useAddress';
export { useFillHeight } from './useFillHeight';
export { useShown } from './useShown';
export { VehiclesLayer } from './VehiclesLayer';
export { VEHICLE_COLORS, VEHICLE_LOOK_TEXT, vehicleColor, vehicleLook } from './vehicleStyle';
