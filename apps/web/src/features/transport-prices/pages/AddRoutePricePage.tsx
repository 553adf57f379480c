import { RecordPage } from '../../../kit';
import { transportPriceRecord } from '../transportPrice.record';

/**
 * 新增线路运价: /finance-management/finance-set/addRoutePriceDrawer (car090107) and its
 * /tc/finance-set/addRoutePriceDrawer twin (tc010504): the price list with the add form open.
 */
export default function AddRoutePricePage() {
  return <RecordPage record={transportPriceRecord} startWithAdd />;
}
