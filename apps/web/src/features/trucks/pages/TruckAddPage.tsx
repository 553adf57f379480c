import { TruckEditor } from '../TruckEditor';

/** 新增车辆 (/truck-manage/add). */
export default function TruckAddPage() {
  return <TruckEditor />;
}
