import { TrucksList } from '../TrucksList';

/** 车辆管理 (/truck-manage/index): trucks of the user's teams; add, edit, delete, import, export, log. */
export default function TrucksPage() {
  return <TrucksList />;
}
