import { useSearchParams } from 'react-router';
import { WaybillEditor } from '../WaybillEditor';

/** 编辑运单: /smart-coal/wayBill-edit?id=… and /tc/wayBill-edit?id=…. */
export default function WaybillEditPage() {
  const [params] = useSearchParams();
  return <WaybillEditor id={Number(params.get('id'))} />;
}
