/** A stop of a line as the line forms send it: a station type, an address and its point. */
export const stopRow = (
  seq: number,
  stationType: 1 | 2 | 3,
  address: string,
  longitude: number,
  latitude: number,
) => ({
  seq,
  stationType,
  stationId: null,
  address,
  longitude,
  latitude,
  distance: 0,
  runningHours: 0,
  runningMins: 0,
  baiduMapProduce: false,
});
