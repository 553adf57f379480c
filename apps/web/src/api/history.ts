import { TRACK_THIN_LEVEL } from '@fleet/domain';
import { request } from './request';

/** Track history, trends and road data (spec core sections 3 and 7, business section 7). */

/** A track point (spec core section 3), WGS-84 with GCJ-02 and BD-09 beside it. */
export interface TrackPoint {
  lon?: number;
  lng: number;
  longitude?: number;
  lat: number;
  latitude?: number;
  bd09Lng?: number;
  bd09Lat?: number;
  gcj02Lng?: number;
  gcj02Lat?: number;
  /** km/h */
  speed: number;
  direction: number;
  reportTime: string;
  /** 1 intelligent driving, 0 manual driving. */
  autoDriverFlag?: number;
  indexKey?: number;
  /** Odometer, km. */
  mileage?: number | null;
  acc?: number;
  alarm?: number;
  alarmText?: string;
}

export interface TrailQuery {
  /** The vehicle by VIN, or by plate when the VIN is not known. */
  vin?: string;
  carNo?: string;
  beginTime: string;
  endTime: string;
  thin?: boolean;
  thinLevel?: number;
}

export interface TrailAnswer {
  vin: string;
  carNo: string;
  beginTime: string;
  endTime: string;
  thin: boolean;
  thinLevel: number;
  toleranceMeters: number;
  /** Reports in the range before thinning. */
  rawTotal: number;
  total: number;
  /** km driven in the range. */
  mileage: number;
  list: TrackPoint[];
}

/** POST /v2/web/monitor/local/truck/trail/history: thinned at level 8 unless asked otherwise. */
export function fetchTrail(query: TrailQuery, signal?: AbortSignal): Promise<TrailAnswer> {
  return request<TrailAnswer>('POST', '/v2/web/monitor/local/truck/trail/history', {
    body: { thin: true, thinLevel: TRACK_THIN_LEVEL, ...query },
    dedupe: true,
    signal,
  });
}

/** An oil trend point: percent of the tank (and litres). */
export interface OilTrendPoint {
  reportTime: string;
  oilValue: number;
  oilLitre?: number;
}

/** The oil level around a time (± 10 minutes, primary source). */
export function fetchOilTrend(
  query: { vin: string; time: string },
  signal?: AbortSignal,
): Promise<OilTrendPoint[]> {
  return request<OilTrendPoint[]>('POST', '/v2/web/monitor/local/truck/oil/trend', {
    body: { ...query, thin: true, thinLevel: TRACK_THIN_LEVEL },
    dedupe: true,
    signal,
  });
}

/** An altitude point: time, km from the start, metres. */
export interface AltitudePoint {
  dateTime: string;
  mile: number;
  height: number;
}

export interface RangeQuery {
  vin: string;
  startTime: string;
  endTime: string;
}

export function fetchAltitude(query: RangeQuery, signal?: AbortSignal): Promise<AltitudePoint[]> {
  return request<AltitudePoint[]>('POST', '/v2/web/monitor/local/truck/altitude', {
    body: { vin: query.vin, beginTime: query.startTime, endTime: query.endTime, thin: true },
    dedupe: true,
    signal,
  });
}

export interface RoadSegment {
  type: string;
  startTime: string;
  endTime: string;
  distance: number;
  slope?: number;
}

export interface RoadShare {
  name: string;
  /** km */
  distance: number;
  /** percent */
  ratio: number;
}

export interface RoadPart {
  segments: RoadSegment[];
  distribution: RoadShare[];
  method?: string;
}

/** Road data: entry 1 slope, entry 2 road type. */
export interface RoadData {
  1: RoadPart;
  2: RoadPart;
}

export function fetchRoadData(query: RangeQuery, signal?: AbortSignal): Promise<RoadData> {
  return request<RoadData>('POST', '/roadNet/gradientAndRoadType', { body: query, dedupe: true, signal });
}
