import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { texts } from '../../../locales';
import { useShell } from '../../../shell/ShellContext';
import { DriverForm } from '../DriverForm';
import { DRIVER_LIST_PATH, driverRecord } from '../driver.record';

/** 新增司机 (/driver-manage/add). */
export default function DriverAddPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useShell();
  return (
    <DriverForm
      initialValues={{ teamCode: user.team.teamCode }}
      onSubmit={driverRecord.api.add}
      onSaved={() => {
        void message.success(texts.drivers.added);
        void client.invalidateQueries({ queryKey: ['list', driverRecord.listKey] });
        navigate(DRIVER_LIST_PATH);
      }}
      onBack={() => navigate(DRIVER_LIST_PATH)}
    />
  );
}
