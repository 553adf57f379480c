import { WaybillEditor } from '../WaybillEditor';

/** 创建运单: /smart-coal/wayBill-create (car110101) and /tc/wayBill-create (tc010101). */
export default function WaybillCreatePage() {
  return <WaybillEditor />;
}
