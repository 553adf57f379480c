import { useEffect, useState } from 'react';
import { reverseGeocode } from '../api/monitor';
import { AddressCache } from './address';

/** Addresses of places (WGS-84) for every map of the page load: GET /geo/reverse, kept. */
export const addresses = new AddressCache(async (lng, lat) => (await reverseGeocode(lng, lat)).address ?? '');

export interface AddressState {
  address: string | undefined;
  loading: boolean;
}

/** The address of a WGS-84 place; nothing asked while `lng`/`lat` are undefined. */
export function useAddress(lng: number | null | undefined, lat: number | null | undefined): AddressState {
  const located =
    typeof lng === 'number' && typeof lat === 'number' && Number.isFinite(lng) && Number.isFinite(lat);
  const known = located ? addresses.peek(lng, lat) : undefined;
  const [state, setState] = useState<AddressState>({ address: known, loading: false });

  useEffect(() => {
    if (!located) {
      setState({ address: undefined, loading: false });
      return;
    }
    const cached = addresses.peek(lng, lat);
    if (cached !== undefined) {
      setState({ address: cached, loading: false });
      return;
    }
    let live = true;
    setState({ address: undefined, loading: true });
    void addresses.lookup(lng, lat).then((address) => {
      if (live) setState({ address, loading: false });
    });
    return () => {
      live = false;
    };
  }, [located, lng, lat]);

  return state;
}
