import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchAppConfig } from '../api/shell';
import { mapSettingsFrom, type TileProvider, tileProvider } from './tiles';

/** GET /app/config, shared with the shell (same key): the map block may carry `mapProvider` and keys. */
const appConfig = queryOptions({
  queryKey: ['app', 'config'],
  queryFn: fetchAppConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

/** The tile provider of the configuration; OSM until it has come or when it says nothing. */
export function useTileProvider(): TileProvider {
  const { data } = useQuery(appConfig);
  return useMemo(() => tileProvider(mapSettingsFrom(data)), [data]);
}
