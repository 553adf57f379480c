/**
 * The car filter state of the monitoring pages (spec core section 3): checked teams and cars, tab
 * type, search selector, state, query, map position, the selected car (carOid), car select status
 * (default ALL) and the merge-map (clustering) flag. A pure reducer; the store keeps it per session.
 */

/** The tabs over the team and vehicle tree. */
export type TabType = 'all' | 'online' | 'offline';
/** The state chips of 全图监控2.0; ALL leaves the tab to decide. */
export type VehicleStateFilter = 'ALL' | 'ONLINE' | 'OFFLINE' | 'MOVING' | 'PARKED' | 'ALARM';
/** ALL: every vehicle in scope; CHECKED: only the teams and cars checked in the tree. */
export type CarSelectStatus = 'ALL' | 'CHECKED';
/** What the search box searches by. */
export type SearchSelector = 'carNo' | 'vin';

export interface MapPosition {
  lng: number;
  lat: number;
  zoom: number;
}

export interface CarFilterState {
  checkedTeams: string[];
  checkedCars: string[];
  tabType: TabType;
  selector: SearchSelector;
  state: VehicleStateFilter;
  query: string;
  position: MapPosition | null;
  /** VIN of the selected vehicle (its card is open). */
  carOid: string | null;
  carSelectStatus: CarSelectStatus;
  mergeMap: boolean;
}

export const INITIAL_CAR_FILTER: CarFilterState = {
  checkedTeams: [],
  checkedCars: [],
  tabType: 'all',
  selector: 'carNo',
  state: 'ALL',
  query: '',
  position: null,
  carOid: null,
  carSelectStatus: 'ALL',
  mergeMap: true,
};

export type CarFilterAction =
  | { type: 'check'; teams: readonly string[]; cars: readonly string[] }
  | { type: 'tab'; tab: TabType }
  | { type: 'selector'; selector: SearchSelector }
  | { type: 'state'; state: VehicleStateFilter }
  | { type: 'query'; query: string }
  | { type: 'position'; position: MapPosition }
  | { type: 'select'; vin: string | null }
  | { type: 'merge'; on: boolean }
  | { type: 'reset' };

const MAX_QUERY = 50;

function unique(values: readonly string[]): string[] {
  return [...new Set(values.filter((v) => typeof v === 'string' && v !== ''))];
}

export function carFilterReducer(state: CarFilterState, action: CarFilterAction): CarFilterState {
  switch (action.type) {
    case 'check': {
      const checkedTeams = unique(action.teams);
      const checkedCars = unique(action.cars);
      const carSelectStatus: CarSelectStatus =
        checkedTeams.length > 0 || checkedCars.length > 0 ? 'CHECKED' : 'ALL';
      return { ...state, checkedTeams, checkedCars, carSelectStatus };
    }
    case 'tab':
      return { ...state, tabType: action.tab };
    case 'selector':
      return { ...state, selector: action.selector };
    case 'state':
      return { ...state, state: action.state };
    case 'query':
      return { ...state, query: action.query.trim().slice(0, MAX_QUERY) };
    case 'position': {
      const { lng, lat, zoom } = action.position;
      if (![lng, lat, zoom].every(Number.isFinite)) return state;
      return { ...state, position: { lng, lat, zoom } };
    }
    case 'select':
      return { ...state, carOid: action.vin && action.vin !== '' ? action.vin : null };
    case 'merge':
      return { ...state, mergeMap: action.on };
    case 'reset':
      return { ...INITIAL_CAR_FILTER, position: state.position };
  }
}

/** The state the server filters by: a chip other than ALL wins over the tab. */
export function effectiveState(state: Pick<CarFilterState, 'state' | 'tabType'>): VehicleStateFilter {
  if (state.state !== 'ALL') return state.state;
  return state.tabType === 'online' ? 'ONLINE' : state.tabType === 'offline' ? 'OFFLINE' : 'ALL';
}

/** At most this many VINs go in one map call (the server's limit). */
export const MAX_VIN_LIST = 2000;

/** Teams with no checked ancestor among `codes` (team codes nest by prefix). */
export function topmostTeams(codes: readonly string[]): string[] {
  const sorted = unique(codes).sort((a, b) => a.length - b.length || a.localeCompare(b));
  const kept: string[] = [];
  for (const code of sorted) if (!kept.some((top) => code.startsWith(top))) kept.push(code);
  return kept;
}

export interface VehicleQuery {
  state: VehicleStateFilter;
  keyword?: string;
  teamCodeList?: string[];
  vinList?: string[];
}

/**
 * What the map and the lists ask the server for. Checked cars go as a VIN list (the checked teams'
 * cars are among them, as the tree checks a team's cars with it); a selection too long for one call,
 * or teams checked without cars (none shown under the current tab), goes as its topmost teams.
 * Nothing checked, or status ALL, asks for every vehicle in scope.
 */
export function vehicleQueryOf(state: CarFilterState): VehicleQuery {
  const query: VehicleQuery = { state: effectiveState(state) };
  if (state.query !== '') query.keyword = state.query;
  if (state.carSelectStatus !== 'CHECKED') return query;
  if (state.checkedCars.length > 0 && state.checkedCars.length <= MAX_VIN_LIST) {
    query.vinList = [...state.checkedCars];
  } else if (state.checkedTeams.length > 0) {
    query.teamCodeList = topmostTeams(state.checkedTeams);
  }
  return query;
}

const TABS: readonly TabType[] = ['all', 'online', 'offline'];
const STATES: readonly VehicleStateFilter[] = ['ALL', 'ONLINE', 'OFFLINE', 'MOVING', 'PARKED', 'ALARM'];

function strings(value: unknown): string[] {
  return Array.isArray(value) ? unique(value.filter((v): v is string => typeof v === 'string')) : [];
}

/** A stored state read back: anything malformed takes the initial value. */
export function restoreCarFilter(stored: unknown): CarFilterState {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  let state: CarFilterState = { ...INITIAL_CAR_FILTER };
  state = carFilterReducer(state, {
    type: 'check',
    teams: strings(s.checkedTeams),
    cars: strings(s.checkedCars),
  });
  if (TABS.includes(s.tabType as TabType)) state.tabType = s.tabType as TabType;
  if (s.selector === 'vin' || s.selector === 'carNo') state.selector = s.selector;
  if (STATES.includes(s.state as VehicleStateFilter)) state.state = s.state as VehicleStateFilter;
  if (typeof s.query === 'string') state = carFilterReducer(state, { type: 'query', query: s.query });
  const p = s.position as Partial<MapPosition> | null | undefined;
  if (p && typeof p === 'object') {
    state = carFilterReducer(state, {
      type: 'position',
      position: { lng: Number(p.lng), lat: Number(p.lat), zoom: Number(p.zoom) },
    });
  }
  if (typeof s.carOid === 'string') state.carOid = s.carOid || null;
  if (typeof s.mergeMap === 'boolean') state.mergeMap = s.mergeMap;
  return state;
}
