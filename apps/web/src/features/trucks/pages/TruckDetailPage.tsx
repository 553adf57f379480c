import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Result, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { fetchTruck, fetchTruckChannels } from '../../../api/trucks';
import { OperationLogDialog, WithQueryClient } from '../../../kit';
import { orDash } from '../../../kit/format';
import { BackTitle } from '../../../kit/record/BackTitle';
import { texts } from '../../../locales';
import { CertificateTags } from '../CertificateTags';
import { TRUCK_LIST_PATH } from '../truck.record';

const t = texts.trucks;
const common = texts.kit.common;

function TruckDetail({ id }: { id: number }) {
  const navigate = useNavigate();
  const [logOpen, setLogOpen] = useState(false);
  const truck = useQuery({ queryKey: ['trucks', 'detail', id], queryFn: () => fetchTruck(id), retry: false });
  const channels = useQuery({
    queryKey: ['trucks', 'channels', id],
    queryFn: () => fetchTruckChannels(id),
    enabled: truck.isSuccess,
    retry: false,
  });
  const back = () => navigate(TRUCK_LIST_PATH);
  if (truck.isError) {
    return (
      <Card>
        <Result status="404" title={t.notFound} extra={<Button onClick={back}>{t.back}</Button>} />
      </Card>
    );
  }
  const v = truck.data;
  const n = (value: number | null | undefined) => orDash(value ?? '');
  return (
    <Card
      title={
        <BackTitle onBack={back} backLabel={t.back}>
          {t.detailTitle}
          {v && <Tag color="blue">{v.carNo}</Tag>}
        </BackTitle>
      }
      extra={
        <Space>
          <Button onClick={() => setLogOpen(true)} disabled={!v}>
            {t.log}
          </Button>
          <Button type="primary" onClick={() => navigate(`/truck-manage/info/${id}`)} disabled={!v}>
            {common.edit}
          </Button>
        </Space>
      }
    >
      <Spin spinning={truck.isLoading}>
        {v && (
          <Flex vertical gap={16}>
            <Descriptions title={t.sectionBasic} bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
              <Descriptions.Item label={t.carNo}>{v.carNo}</Descriptions.Item>
              <Descriptions.Item label={t.plateColor}>{v.plateColorName}</Descriptions.Item>
              <Descriptions.Item label={t.vin}>{v.vin}</Descriptions.Item>
              <Descriptions.Item label={t.carType}>{orDash(v.carType)}</Descriptions.Item>
              <Descriptions.Item label={t.brand}>{orDash(v.brand)}</Descriptions.Item>
              <Descriptions.Item label={t.series}>{orDash(v.series)}</Descriptions.Item>
              <Descriptions.Item label={t.fuelType}>{v.fuelTypeName}</Descriptions.Item>
              <Descriptions.Item label={t.carInfoType}>{v.carInfoTypeName}</Descriptions.Item>
              <Descriptions.Item label={t.team}>{orDash(v.teamName)}</Descriptions.Item>
              {v.carInfoType === 3 && (
                <>
                  <Descriptions.Item label={t.ownerName}>{orDash(v.ownerName)}</Descriptions.Item>
                  <Descriptions.Item label={t.ownerPhone}>{orDash(v.ownerPhone)}</Descriptions.Item>
                </>
              )}
            </Descriptions>
            <Descriptions title={t.sectionDevice} bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
              <Descriptions.Item label={texts.terminals.tid}>{orDash(v.tid)}</Descriptions.Item>
              <Descriptions.Item label={texts.terminals.terminalNo}>{orDash(v.terminalNo)}</Descriptions.Item>
              <Descriptions.Item label={texts.terminals.protocolVersion}>
                {orDash(v.protocolVersion)}
              </Descriptions.Item>
              <Descriptions.Item label={t.driver}>
                {v.driverName ? `${v.driverName}（${v.driverPhone}）` : '--'}
              </Descriptions.Item>
              <Descriptions.Item label={t.videoChannels}>{v.videoChannels}</Descriptions.Item>
            </Descriptions>
            <Descriptions title={t.sectionState} bordered size="small" column={{ xs: 1, md: 2, xl: 4 }}>
              <Descriptions.Item label={t.onlineState}>
                {v.online ? <Tag color="success">{t.online}</Tag> : <Tag>{t.offline}</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label={t.lastReportTime}>{orDash(v.lastReportTime)}</Descriptions.Item>
              <Descriptions.Item label={t.speed}>{n(v.speed)}</Descriptions.Item>
              <Descriptions.Item label={t.mileage}>{n(v.mileage)}</Descriptions.Item>
            </Descriptions>
            <Descriptions title={t.sectionSpec} bordered size="small" column={{ xs: 1, md: 2, xl: 4 }}>
              <Descriptions.Item label={t.tankCapacity}>{n(v.tankCapacity)}</Descriptions.Item>
              <Descriptions.Item label={t.speedLimit}>{n(v.speedLimit)}</Descriptions.Item>
              <Descriptions.Item label={t.loadCapacity}>{n(v.loadCapacity)}</Descriptions.Item>
              <Descriptions.Item label={t.engineNo}>{orDash(v.engineNo)}</Descriptions.Item>
            </Descriptions>
            <Descriptions title={t.sectionCertificates} bordered size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={t.registerDate}>{orDash(v.registerDate)}</Descriptions.Item>
              <Descriptions.Item label={t.operatingLicenseNo}>
                {orDash(v.operatingLicenseNo)}
              </Descriptions.Item>
              <Descriptions.Item label={t.certificates} span={2}>
                <CertificateTags truck={v} />
              </Descriptions.Item>
              <Descriptions.Item label={t.remark} span={2}>
                {orDash(v.remark)}
              </Descriptions.Item>
            </Descriptions>
            <Descriptions title={t.sectionChannels} size="small" column={1}>
              <Descriptions.Item>
                {channels.data && channels.data.channels.length > 0 ? (
                  <Space wrap>
                    {channels.data.channels.map((c) => (
                      <Tag key={c.channel}>{`${c.channel} ${c.name}`}</Tag>
                    ))}
                  </Space>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noChannels} />
                )}
              </Descriptions.Item>
            </Descriptions>
          </Flex>
        )}
      </Spin>
      <OperationLogDialog
        open={logOpen}
        dataId={id}
        pageEnum={OPERATE_LOG_PAGES.truck}
        onClose={() => setLogOpen(false)}
      />
    </Card>
  );
}

/** 车辆详情 (/truck-manage/detail/:id): everything recorded about a truck, its state and channels. */
export default function TruckDetailPage() {
  const { id } = useParams();
  return (
    <WithQueryClient>
      <TruckDetail key={id} id={Number(id)} />
    </WithQueryClient>
  );
}
