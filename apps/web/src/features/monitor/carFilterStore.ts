import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  type CarFilterAction,
  type CarFilterState,
  carFilterReducer,
  INITIAL_CAR_FILTER,
  restoreCarFilter,
} from './carFilter';

export interface CarFilterStore extends CarFilterState {
  dispatch: (action: CarFilterAction) => void;
}

function stateOf(store: CarFilterState): CarFilterState {
  return {
    checkedTeams: store.checkedTeams,
    checkedCars: store.checkedCars,
    tabType: store.tabType,
    selector: store.selector,
    state: store.state,
    query: store.query,
    position: store.position,
    carOid: store.carOid,
    carSelectStatus: store.carSelectStatus,
    mergeMap: store.mergeMap,
  };
}

/** A car filter store kept in sessionStorage under `name`: it lives as long as the browser tab. */
function carFilterStore(name: string) {
  return create<CarFilterStore>()(
    persist<CarFilterStore, [], [], CarFilterState>(
      (set) => ({
        ...INITIAL_CAR_FILTER,
        dispatch: (action: CarFilterAction) => set((store) => carFilterReducer(stateOf(store), action)),
      }),
      {
        name,
        storage: createJSONStorage(() => sessionStorage),
        partialize: stateOf,
        merge: (stored, current) => ({ ...current, ...restoreCarFilter(stored) }),
      },
    ),
  );
}

/** 全图监控 (/monitor/scatter/route). */
export const useRouteCarFilter = carFilterStore('monitor.carFilter.route');
/** 全图监控2.0 (/monitor/scatter/newroute). */
export const useNewRouteCarFilter = carFilterStore('monitor.carFilter.newroute');

export type CarFilterHook = typeof useRouteCarFilter;
