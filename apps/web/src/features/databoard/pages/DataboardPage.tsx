import { ApartmentOutlined, AppstoreOutlined, BarChartOutlined, UserOutlined } from '@ant-design/icons';
import { menuTitle } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic, Tree } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { fetchDataboardSummary } from '../../../api/databoard';
import { texts } from '../../../locales';
import { firstPagePath, navigationPages } from '../../../router/routeTable';
import { menuIcon } from '../../../shell/menuIcons';
import { useShell } from '../../../shell/ShellContext';
import { HOME_MENU_PATH } from '../../../shell/sidebar';
import { AlarmFeedCard } from '../../alarm-reminder/AlarmFeedCard';
import { ScreenNoticeBar } from '../../push/ScreenNoticeBar';
import { summaryFigures } from '../figures';
import { allKeys, buildTeamTree } from '../teamTree';
import styles from './DataboardPage.module.css';

const TeamUsersChart = lazy(() => import('../TeamUsersChart'));
const t = texts.databoard;
const PERSONAL_CENTRE = '/permission/set';

/** 首页 workbench: the figures the platform has, users per team, the user's modules and the team tree. */
export default function DataboardPage() {
  const { user, nav, viewer } = useShell();
  const summary = useQuery({ queryKey: ['databoard', 'summary'], queryFn: fetchDataboardSummary });
  // The summary lists the teams in the user's scope, so the tree needs no call of its own.
  const tree = useMemo(() => buildTeamTree(summary.data?.teams ?? []), [summary.data]);
  const figures = summary.data ? summaryFigures(summary.data, t.figures) : [];
  const modules = nav.filter((node) => node.path !== HOME_MENU_PATH);
  // Up to four cards a row, sharing the row when there are fewer.
  const figureSpan = 24 / Math.min(4, Math.max(1, figures.length || 3));

  return (
    <div className={styles.page}>
      <ScreenNoticeBar />
      <Card className={styles.welcome} variant="borderless">
        <h2 className={styles.greeting}>
          {t.greeting}
          {user.name}
        </h2>
        <p className={styles.welcomeMeta}>
          <span>
            {t.merchant}：{summary.data?.merchantName || user.merchantName || t.none}
          </span>
          <span>
            {t.team}：{user.team.teamName || t.none}
          </span>
          <span>{dayjs().format(t.dateFormat)}</span>
        </p>
      </Card>

      <Row gutter={[16, 16]} className={styles.figures}>
        {summary.isPending
          ? Array.from({ length: 3 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders while loading have no identity.
              <Col key={index} xs={24} sm={12} lg={figureSpan}>
                <Card variant="borderless">
                  <Skeleton active paragraph={{ rows: 1 }} />
                </Card>
              </Col>
            ))
          : figures.map((figure) => (
              <Col key={figure.key} xs={24} sm={12} lg={figureSpan}>
                <Card variant="borderless" className={styles.figure}>
                  <Statistic title={figure.label} value={figure.value} suffix={figure.unit} />
                </Card>
              </Col>
            ))}
      </Row>

      <Row gutter={[16, 16]}>
        <Col span={24}>
          <AlarmFeedCard />
        </Col>
        <Col xs={24} xl={16}>
          <Card
            variant="borderless"
            title={
              <span>
                <BarChartOutlined /> {t.teamUsers}
              </span>
            }
          >
            {summary.isPending ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : summary.data?.teams?.length ? (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <TeamUsersChart teams={summary.data.teams} />
              </Suspense>
            ) : (
              <Empty description={t.teamTreeEmpty} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card
            variant="borderless"
            title={
              <span>
                <AppstoreOutlined /> {t.quickLinks}
              </span>
            }
          >
            <nav className={styles.links} aria-label={t.quickLinks}>
              {modules.map((node) => (
                <Link key={node.path} to={firstPagePath(node)} className={styles.link}>
                  <span className={styles.linkIcon}>{menuIcon(node.icon)}</span>
                  <span className={styles.linkTitle}>{menuTitle(node, viewer)}</span>
                  <span className={styles.linkMeta}>
                    {navigationPages([node]).length}
                    {t.pagesUnit}
                  </span>
                </Link>
              ))}
              <Link to={PERSONAL_CENTRE} className={styles.link}>
                <span className={styles.linkIcon}>
                  <UserOutlined />
                </span>
                <span className={styles.linkTitle}>{t.personalCentre}</span>
                <span className={styles.linkMeta}>{t.personalCentreHint}</span>
              </Link>
            </nav>
          </Card>
        </Col>
        <Col span={24}>
          <Card
            variant="borderless"
            title={
              <span>
                <ApartmentOutlined /> {t.teamTree}
              </span>
            }
          >
            {summary.isPending ? (
              <Skeleton active paragraph={{ rows: 4 }} />
            ) : tree.length === 0 ? (
              <Empty description={t.teamTreeEmpty} />
            ) : (
              <Tree treeData={tree} defaultExpandedKeys={allKeys(tree)} showLine selectable={false} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
