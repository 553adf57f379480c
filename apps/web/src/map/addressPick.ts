/** What the map address picker hands back on 保存 (WGS-84). */
export interface PickedAddress {
  lng: number;
  lat: number;
  /** The place's name (a search hit) or its full address (a click on the map). */
  name: string;
  /** The full address text. */
  address: string;
  province: string;
  /** Without the trailing 市: '鄂尔多斯', '北京'. */
  city: string;
  district: string;
}

/** A city name as forms keep it: the trailing 市 removed ('鄂尔多斯市' → '鄂尔多斯'). */
export function cityWithoutSuffix(city: string): string {
  return city.trim().replace(/市$/, '');
}

/** Six decimals, the precision of the stored microdegrees. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** 'lng, lat' for the picker's footer. */
export function coordinateText(lng: number, lat: number): string {
  return `${roundCoordinate(lng).toFixed(6)}, ${roundCoordinate(lat).toFixed(6)}`;
}

/** Runs `task` once the calls stop for `delayMs` (the picker's 600 ms search debounce). */
export function debounce<A extends unknown[]>(task: (...args: A) => void, delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      task(...args);
    }, delayMs);
  };
  run.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return run;
}
