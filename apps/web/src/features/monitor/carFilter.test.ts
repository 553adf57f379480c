import { describe, expect, it } from 'vitest';
import {
  type CarFilterState,
  carFilterReducer,
  effectiveState,
  INITIAL_CAR_FILTER,
  MAX_VIN_LIST,
  restoreCarFilter,
  topmostTeams,
  vehicleQueryOf,
} from './carFilter';

const reduce = (state: CarFilterState, ...actions: Parameters<typeof carFilterReducer>[1][]) =>
  actions.reduce(carFilterReducer, state);

describe('carFilterReducer', () => {
  it('starts with every vehicle (car select status ALL), all tab, clustering on', () => {
    expect(INITIAL_CAR_FILTER).toMatchObject({
      checkedTeams: [],
      checkedCars: [],
      tabType: 'all',
      state: 'ALL',
      query: '',
      position: null,
      carOid: null,
      carSelectStatus: 'ALL',
      mergeMap: true,
    });
  });

  it('switches to CHECKED when teams or cars are checked, back to ALL when none', () => {
    const checked = reduce(INITIAL_CAR_FILTER, {
      type: 'check',
      teams: ['1000001001', '1000001001'],
      cars: ['VIN1'],
    });
    expect(checked).toMatchObject({
      checkedTeams: ['1000001001'],
      checkedCars: ['VIN1'],
      carSelectStatus: 'CHECKED',
    });
    expect(reduce(checked, { type: 'check', teams: [], cars: [] }).carSelectStatus).toBe('ALL');
  });

  it('keeps tab, selector, state, query, position, selected car and merge flag', () => {
    const s = reduce(
      INITIAL_CAR_FILTER,
      { type: 'tab', tab: 'online' },
      { type: 'selector', selector: 'vin' },
      { type: 'state', state: 'MOVING' },
      { type: 'query', query: '  京A  ' },
      { type: 'position', position: { lng: 116.4, lat: 39.9, zoom: 9 } },
      { type: 'select', vin: 'LFWADRJF011002346' },
      { type: 'merge', on: false },
    );
    expect(s).toMatchObject({
      tabType: 'online',
      selector: 'vin',
      state: 'MOVING',
      query: '京A',
      position: { lng: 116.4, lat: 39.9, zoom: 9 },
      carOid: 'LFWADRJF011002346',
      mergeMap: false,
    });
    expect(reduce(s, { type: 'select', vin: '' }).carOid).toBeNull();
    expect(reduce(s, { type: 'position', position: { lng: Number.NaN, lat: 1, zoom: 3 } }).position).toEqual(
      s.position,
    );
    expect(reduce(s, { type: 'query', query: 'x'.repeat(80) }).query).toHaveLength(50);
  });

  it('resets everything but the map position', () => {
    const s = reduce(
      INITIAL_CAR_FILTER,
      { type: 'position', position: { lng: 110, lat: 38, zoom: 7 } },
      { type: 'tab', tab: 'offline' },
      { type: 'reset' },
    );
    expect(s).toEqual({ ...INITIAL_CAR_FILTER, position: { lng: 110, lat: 38, zoom: 7 } });
  });
});

describe('effectiveState', () => {
  it('lets a state chip win over the tab', () => {
    expect(effectiveState({ state: 'ALL', tabType: 'all' })).toBe('ALL');
    expect(effectiveState({ state: 'ALL', tabType: 'online' })).toBe('ONLINE');
    expect(effectiveState({ state: 'ALL', tabType: 'offline' })).toBe('OFFLINE');
    expect(effectiveState({ state: 'ALARM', tabType: 'offline' })).toBe('ALARM');
  });
});

describe('vehicleQueryOf', () => {
  it('asks for every vehicle while nothing is checked', () => {
    expect(vehicleQueryOf(INITIAL_CAR_FILTER)).toEqual({ state: 'ALL' });
    expect(vehicleQueryOf(reduce(INITIAL_CAR_FILTER, { type: 'query', query: '京A1' }))).toEqual({
      state: 'ALL',
      keyword: '京A1',
    });
  });

  it('asks for the checked cars, or for the topmost checked teams when they are too many', () => {
    const few = reduce(INITIAL_CAR_FILTER, { type: 'check', teams: ['1000001001'], cars: ['A', 'B'] });
    expect(vehicleQueryOf(few)).toEqual({ state: 'ALL', vinList: ['A', 'B'] });
    const cars = Array.from({ length: MAX_VIN_LIST + 1 }, (_, i) => `V${i}`);
    const many = reduce(INITIAL_CAR_FILTER, {
      type: 'check',
      teams: ['1000001', '1000001001', '2000001001'],
      cars,
    });
    expect(vehicleQueryOf(many).teamCodeList).toEqual(['1000001', '2000001001']);
    expect(vehicleQueryOf(many).vinList).toBeUndefined();
  });

  it('asks for the checked teams when none of their cars is checked', () => {
    const empty = reduce(INITIAL_CAR_FILTER, { type: 'check', teams: ['1000001002'], cars: [] });
    expect(vehicleQueryOf(empty)).toEqual({ state: 'ALL', teamCodeList: ['1000001002'] });
  });
});

describe('topmostTeams', () => {
  it('drops teams whose ancestor is checked too', () => {
    expect(topmostTeams(['10000010010001', '1000001001', '1000001002', '2000001'])).toEqual([
      '2000001',
      '1000001001',
      '1000001002',
    ]);
  });
});

describe('restoreCarFilter', () => {
  it('reads a stored state back, dropping what is malformed', () => {
    const stored = {
      checkedTeams: ['1000001', 3],
      checkedCars: 'VIN',
      tabType: 'online',
      selector: 'plate',
      state: 'PARKED',
      query: '京',
      position: { lng: '116.4', lat: 39.9, zoom: 8 },
      carOid: 'VIN9',
      mergeMap: false,
      carSelectStatus: 'ALL',
    };
    expect(restoreCarFilter(stored)).toEqual({
      checkedTeams: ['1000001'],
      checkedCars: [],
      tabType: 'online',
      selector: 'carNo',
      state: 'PARKED',
      query: '京',
      position: { lng: 116.4, lat: 39.9, zoom: 8 },
      carOid: 'VIN9',
      carSelectStatus: 'CHECKED',
      mergeMap: false,
    });
    expect(restoreCarFilter(null)).toEqual(INITIAL_CAR_FILTER);
    expect(restoreCarFilter({ tabType: 'sideways', state: 'FLYING' })).toEqual(INITIAL_CAR_FILTER);
  });
});
