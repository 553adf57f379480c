import { useLocation, useSearchParams } from 'react-router';
import { WaybillBack } from '../WaybillBack';
import { WaybillDetail } from '../WaybillDetail';
import { WaybillEditor } from '../WaybillEditor';
import { WaybillList } from '../WaybillList';
import { DISPATCH_LIST, type DispatchView } from '../waybillPaths';

/**
 * 运单列表 (/smart-coal/wayBill-tabulation car110102, /tc/wayBill-tabulation tc010102) and 运单管理
 * (/car-dispatch/waybill car050204). 运单管理 shows the create, detail, edit and receipt pages in
 * place of its list (`?view=…&id=…`), the list kept as it was behind them.
 */
export default function WaybillsPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const view = pathname === DISPATCH_LIST ? (params.get('view') as DispatchView | null) : null;
  const id = Number(params.get('id'));
  return (
    <>
      <div hidden={view !== null}>
        <WaybillList />
      </div>
      {view === 'create' && <WaybillEditor />}
      {view === 'edit' && <WaybillEditor id={id} />}
      {view === 'detail' && <WaybillDetail id={id} />}
      {view === 'back' && <WaybillBack id={id} edit={false} />}
      {view === 'editBack' && <WaybillBack id={id} edit />}
    </>
  );
}
