import { useParams } from 'react-router';
import { TruckEditor } from '../TruckEditor';

/** 编辑车辆 (/truck-manage/info/:id). */
export default function TruckEditPage() {
  const { id } = useParams();
  return <TruckEditor key={id} id={Number(id)} />;
}
