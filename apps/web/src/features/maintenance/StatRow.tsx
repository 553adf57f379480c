import { Card, Col, Row, Statistic } from 'antd';

/** One figure of a page's header: its title, value ('-' while unknown) and colour. */
export interface StatItem {
  title: string;
  value: number | string | undefined;
  color?: string;
}

/** The header of 车队体检 and 车辆保养汇总: the page's totals as one row of small cards. */
export function StatRow({ items, loading }: { items: readonly StatItem[]; loading: boolean }) {
  return (
    <Row gutter={12} style={{ marginBottom: 12 }} wrap={false}>
      {items.map(({ title, value, color }) => (
        <Col flex="1" key={title}>
          <Card size="small" loading={loading}>
            <Statistic
              title={title}
              value={value ?? '-'}
              styles={{ content: color ? { color } : undefined }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
