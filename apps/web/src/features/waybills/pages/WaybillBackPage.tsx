import { useLocation, useSearchParams } from 'react-router';
import { WaybillBack } from '../WaybillBack';

/** 回单录入 (…/wayBill-create-back?id=…) and 回单编辑 (…/wayBill-edit-back?id=…) of both waybill lists. */
export default function WaybillBackPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return <WaybillBack id={Number(params.get('id'))} edit={pathname.endsWith('/wayBill-edit-back')} />;
}
