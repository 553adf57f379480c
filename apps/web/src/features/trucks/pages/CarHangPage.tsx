import { TrucksList } from '../TrucksList';

/**
 * 车辆信息 (/information/carHang): the vehicle information view of the special menu mode (the
 * shell shows only home and this page in the sidebar until home is clicked); read-only.
 */
export default function CarHangPage() {
  return <TrucksList readOnly />;
}
