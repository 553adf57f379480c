import { ApartmentOutlined, LogoutOutlined, TruckOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Empty, Layout, Row, Skeleton, Statistic, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  fetchTeamTree,
  fetchUserInfo,
  logout,
  menuCodes,
  type TeamNode,
  type UserInfo,
} from '../../../api/session';
import { removeToken } from '../../../api/token';
import { texts } from '../../../locales';
import { loginPath } from '../../../router/paths';
import { replaceRefreshToken } from '../../session/remember';
import { allKeys, buildTeamTree } from '../teamTree';
import styles from './DataboardPage.module.css';

const t = texts.databoard;

export default function DataboardPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [user, setUser] = useState<UserInfo>();
  const [teams, setTeams] = useState<TeamNode[]>();
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    let active = true;
    fetchUserInfo().then(
      (info) => active && setUser(info),
      () => undefined,
    );
    fetchTeamTree().then(
      (list) => active && setTeams(list),
      () => active && setTeams([]),
    );
    return () => {
      active = false;
    };
  }, []);

  const tree = useMemo(() => buildTeamTree(teams ?? []), [teams]);

  const signOut = async () => {
    setSigningOut(true);
    await logout().catch(() => undefined);
    removeToken();
    replaceRefreshToken(undefined);
    navigate(loginPath(`${location.pathname}${location.search}${location.hash}`), { replace: true });
  };

  return (
    <Layout className={styles.page}>
      <Layout.Header className={styles.header}>
        <div className={styles.brand}>
          <TruckOutlined />
          <span>{texts.app.title}</span>
        </div>
        <div className={styles.account}>
          <Avatar
            size="small"
            className={styles.avatar}
            src={user?.avatar || undefined}
            icon={<UserOutlined />}
          />
          <span className={styles.userName}>{user?.name}</span>
          <Button
            type="text"
            className={styles.logout}
            icon={<LogoutOutlined />}
            loading={signingOut}
            onClick={signOut}
          >
            {t.logout}
          </Button>
        </div>
      </Layout.Header>
      <Layout.Content className={styles.content}>
        <h2 className={styles.greeting}>
          {t.greeting}
          {user?.name}
        </h2>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8}>
            <Card>
              <Statistic title={t.merchant} value={user?.merchantName || t.none} loading={!user} />
            </Card>
          </Col>
          <Col xs={24} md={8}>
            <Card>
              <Statistic title={t.team} value={user?.team?.teamName || t.none} loading={!user} />
            </Card>
          </Col>
          <Col xs={24} md={8}>
            <Card>
              <Statistic
                title={t.menuCodes}
                value={user ? menuCodes(user).length : 0}
                suffix={t.menuCodesUnit}
                loading={!user}
              />
            </Card>
          </Col>
          <Col span={24}>
            <Card
              title={
                <span>
                  <ApartmentOutlined /> {t.teamTree}
                </span>
              }
            >
              {!teams ? (
                <Skeleton active paragraph={{ rows: 4 }} />
              ) : tree.length === 0 ? (
                <Empty description={t.teamTreeEmpty} />
              ) : (
                <Tree treeData={tree} defaultExpandedKeys={allKeys(tree)} showLine selectable={false} />
              )}
            </Card>
          </Col>
        </Row>
      </Layout.Content>
    </Layout>
  );
}
