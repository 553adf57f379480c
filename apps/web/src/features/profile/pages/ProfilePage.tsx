import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Row, Tabs, Tag } from 'antd';
import { texts } from '../../../locales';
import { useShell } from '../../../shell/ShellContext';
import { ChangePasswordForm } from '../ChangePasswordForm';
import { ProfileForm } from '../ProfileForm';
import styles from './ProfilePage.module.css';

const t = texts.profile;

/** 个人中心 (/permission/set): who the user is here, their profile and their password. */
export default function ProfilePage() {
  const { user } = useShell();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card variant="borderless" title={t.account}>
          <div className={styles.identity}>
            <Avatar size={72} src={user.avatar || undefined} icon={<UserOutlined />} />
            <div className={styles.name}>{user.name}</div>
            <div className={styles.userName}>{user.user_name}</div>
          </div>
          <Descriptions column={1} size="small" className={styles.facts}>
            <Descriptions.Item label={t.merchant}>{user.merchantName || t.none}</Descriptions.Item>
            <Descriptions.Item label={t.team}>{user.team.teamName || t.none}</Descriptions.Item>
            <Descriptions.Item label={t.roles}>
              {user.roles?.length ? user.roles.map((role) => <Tag key={role}>{role}</Tag>) : t.none}
            </Descriptions.Item>
            <Descriptions.Item label={t.phone}>{user.phone || t.none}</Descriptions.Item>
            <Descriptions.Item label={t.email}>{user.email || t.none}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card variant="borderless">
          <Tabs
            items={[
              {
                key: 'profile',
                label: t.profileTab,
                children: <ProfileForm key={String(user.id)} user={user} />,
              },
              { key: 'password', label: t.passwordTab, children: <ChangePasswordForm /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
