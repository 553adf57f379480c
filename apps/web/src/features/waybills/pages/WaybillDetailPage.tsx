import { useSearchParams } from 'react-router';
import { WaybillDetail } from '../WaybillDetail';

/** 运单详情: /smart-coal/wayBill-detail?id=… and /tc/wayBill-detail?id=…. */
export default function WaybillDetailPage() {
  const [params] = useSearchParams();
  return <WaybillDetail id={Number(params.get('id'))} />;
}
