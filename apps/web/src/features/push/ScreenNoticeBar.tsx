import { NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { fetchScreenNotice } from '../../api/push';
import { texts } from '../../locales';

/** The newest screen push addressed to the user's team, at the top of the home page. */
export function ScreenNoticeBar() {
  const notice = useQuery({
    queryKey: ['push', 'screen'],
    queryFn: fetchScreenNotice,
    refetchInterval: 60_000,
  });
  if (!notice.data) return null;
  const { title, content, signature } = notice.data;
  return (
    <Alert
      data-testid="screen-notice"
      type="warning"
      showIcon
      icon={<NotificationOutlined />}
      style={{ marginBottom: 16 }}
      message={`${texts.push.screenNotice}：${title}`}
      description={signature ? `${content}　—— ${signature}` : content}
    />
  );
}
