import { Typography } from 'antd';
import { useState } from 'react';
import { texts } from '../../locales';
import { addresses } from '../../map';

const t = texts.alarms;

/**
 * The place of an alarm: its coordinates, and its address looked up on demand (GET /geo/reverse
 * through the shared address cache), so that a page of alarms does not cost a lookup a row.
 */
export function AddressCell({ lng, lat }: { lng: number | null; lat: number | null }) {
  const known = lng !== null && lat !== null ? addresses.peek(lng, lat) : undefined;
  const [state, setState] = useState<{ address?: string; loading: boolean }>({
    address: known,
    loading: false,
  });
  if (lng === null || lat === null) return <span>--</span>;
  const lookup = () => {
    setState({ loading: true });
    void addresses.lookup(lng, lat).then((address) => setState({ address, loading: false }));
  };
  return (
    <span>
      <Typography.Text type="secondary">{`${lng.toFixed(6)}, ${lat.toFixed(6)}`}</Typography.Text>
      <br />
      {state.loading ? (
        <Typography.Text type="secondary">{t.addressLoading}</Typography.Text>
      ) : state.address !== undefined ? (
        <span>{state.address || t.noAddress}</span>
      ) : (
        <Typography.Link onClick={lookup}>{t.showAddress}</Typography.Link>
      )}
    </span>
  );
}
