import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { addDriver } from '../../../api/drivers';
import { texts } from '../../../locales';
import { useShell } from '../../../shell/ShellContext';
import { DriverForm } from '../DriverForm';

export const DRIVER_LIST_PATH = '/driver-manage/index';

/** 新增司机 (/driver-manage/add). */
export default function DriverAddPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useShell();
  return (
    <DriverForm
      initialValues={{ teamCode: user.team.teamCode }}
      onSubmit={addDriver}
      onSaved={() => {
        void message.success(texts.drivers.added);
        void client.invalidateQueries({ queryKey: ['list', 'drivers'] });
        navigate(DRIVER_LIST_PATH);
      }}
      onBack={() => navigate(DRIVER_LIST_PATH)}
    />
  );
}
