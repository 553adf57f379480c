import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { texts } from '../../../locales';
import { DriverForm } from '../DriverForm';
import { DRIVER_LIST_PATH, type Driver, driverRecord } from '../driver.record';
import { SalaryCard } from '../SalaryCard';

/** 编辑司机 (/driver-manage/edit?id=…): the driver form and the salary settings. */
export default function DriverEditPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const driver = useQuery({
    queryKey: ['drivers', 'info', id],
    queryFn: () => driverRecord.api.info<Driver>(id),
    enabled: id > 0,
    staleTime: 0,
  });
  if (!(id > 0) || driver.isError) return <Empty description={texts.drivers.notFound} />;
  if (!driver.data) return <Spin />;
  const d = driver.data;
  return (
    <>
      <DriverForm
        key={d.id}
        initialValues={{
          driverName: d.driverName,
          driverPhone: d.driverPhone,
          idCard: d.idCard,
          licenseClass: d.licenseClass || undefined,
          licenseExpiry: d.licenseExpiry,
          qualificationNo: d.qualificationNo,
          qualificationExpiry: d.qualificationExpiry,
          photos: d.photos,
          teamCode: d.teamCode,
          status: d.status,
          remark: d.remark,
        }}
        onSubmit={(values) => driverRecord.api.edit({ ...values, id })}
        onSaved={() => {
          void message.success(texts.drivers.updated);
          void client.invalidateQueries({ queryKey: ['list', driverRecord.listKey] });
          void client.invalidateQueries({ queryKey: ['drivers', 'info', id] });
          navigate(DRIVER_LIST_PATH);
        }}
        onBack={() => navigate(DRIVER_LIST_PATH)}
      />
      <SalaryCard driverId={id} />
    </>
  );
}
