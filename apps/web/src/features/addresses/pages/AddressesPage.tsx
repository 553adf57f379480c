import { RecordPage } from '../../../kit';
import { addressRecord } from '../address.record';

/** 常用地址: /information/common-address (car090404) and /tc/common-address (tc010506), one page. */
export default function AddressesPage() {
  return <RecordPage record={addressRecord} />;
}
