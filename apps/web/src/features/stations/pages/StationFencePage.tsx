import {
  circleProblem,
  FORM_NOTIFY_DURATION_MS,
  type LngLat,
  MAP_PICKER_CENTER,
  MAP_PICKER_MAX_ZOOM,
  MAP_PICKER_MIN_ZOOM,
  MAP_PICKER_ZOOM,
  polygonProblem,
} from '@fleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Radio, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { FenceType } from '../../../api/stations';
import { BackTitle } from '../../../kit/record/BackTitle';
import { texts } from '../../../locales';
import { BaseMap, useFillHeight } from '../../../map';
import { CircleEditLayer, FitFence, PanTo, PolygonEditLayer } from '../FenceEditLayers';
import { StationForm, type StationFormValues, useStationForm } from '../StationForm';
import { STATION_LIST_PATH, type Station, type StationFields, stationRecord } from '../station.record';
import styles from '../stations.module.css';
import { useLeavePage } from '../useLeavePage';

const t = texts.stations;
const { api } = stationRecord;

/**
 * 站点围栏 add (/information/station/info/:map, `map` = circle or polygon) and edit
 * (/information/station/info/:id/:map): the station's fields beside a map where the fence is drawn.
 */
export default function StationFencePage() {
  const { id: idParam, map: mapParam } = useParams();
  const id = idParam ? Number(idParam) : undefined;
  const navigate = useNavigate();
  const leave = useLeavePage();
  const client = useQueryClient();
  const { message } = App.useApp();
  const form = useStationForm();
  const box = useRef<HTMLDivElement>(null);
  const height = useFillHeight(box, 16, 520);
  const [loading, setLoading] = useState(id !== undefined);
  const [saving, setSaving] = useState(false);
  const [fenceType, setFenceType] = useState<FenceType>(mapParam === 'polygon' ? 'polygon' : 'circle');
  const [centre, setCentre] = useState<LngLat | null>(null);
  const [radius, setRadius] = useState(500);
  const [points, setPoints] = useState<LngLat[]>([]);
  const [focus, setFocus] = useState<LngLat | null>(null);

  useEffect(() => {
    if (id === undefined || !Number.isInteger(id)) return;
    let live = true;
    api.info<Station>(id).then(
      (station) => {
        if (!live) return;
        form.setFieldsValue({
          name: station.name,
          type: station.type,
          teamCode: station.teamCode,
          address: station.address,
          province: station.province,
          city: station.city,
          district: station.district,
          remark: station.remark,
        });
        setFenceType(station.fenceType);
        setCentre({ lng: station.longitude, lat: station.latitude });
        if (station.radius) setRadius(station.radius);
        setPoints(station.points);
        setLoading(false);
      },
      () => {
        if (live) navigate(STATION_LIST_PATH);
      },
    );
    return () => {
      live = false;
    };
  }, [id, form, navigate]);

  const problem = useMemo(() => {
    if (fenceType === 'circle') return centre ? circleProblem(centre, radius) : t.centreRequired;
    return polygonProblem(points);
  }, [fenceType, centre, radius, points]);

  const save = async () => {
    let values: StationFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (problem) {
      void message.warning(problem);
      return;
    }
    const fields: StationFields = {
      ...values,
      fenceType,
      ...(fenceType === 'circle'
        ? { longitude: centre?.lng, latitude: centre?.lat, radius }
        : { points, longitude: undefined, latitude: undefined }),
    };
    setSaving(true);
    try {
      const answer = id === undefined ? await api.add(fields) : await api.edit({ ...fields, id });
      if (answer.code !== 200) return;
      void message.success(
        id === undefined ? texts.kit.dialog.created : texts.kit.dialog.updated,
        FORM_NOTIFY_DURATION_MS / 1000,
      );
      await client.invalidateQueries({ queryKey: ['list', stationRecord.listKey] });
      leave(STATION_LIST_PATH);
    } catch {
      // the request client showed why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={
        <BackTitle onBack={() => navigate(STATION_LIST_PATH)} backLabel={t.back}>
          {id === undefined ? t.addTitle : t.editTitle}
        </BackTitle>
      }
      extra={
        <Button type="primary" loading={saving} disabled={loading} onClick={save}>
          {t.save}
        </Button>
      }
      styles={{ body: { padding: 12 } }}
    >
      <Spin spinning={loading}>
        <div ref={box} className={styles.editor} style={{ height }}>
          <div className={styles.panel}>
            <div className={styles.fenceToolbar}>
              <span>{t.fenceType}</span>
              <Radio.Group
                value={fenceType}
                onChange={(e) => setFenceType(e.target.value as FenceType)}
                optionType="button"
                buttonStyle="solid"
                options={[
                  { value: 'circle', label: t.circle },
                  { value: 'polygon', label: t.polygon },
                ]}
              />
            </div>
            <div className={styles.help}>{fenceType === 'circle' ? t.circleHelp : t.polygonHelp}</div>
            <StationForm
              form={form}
              fenceType={fenceType}
              radius={radius}
              onRadius={setRadius}
              points={points}
              onClearPoints={() => setPoints([])}
              onUndoPoint={() => setPoints((now) => now.slice(0, -1))}
              onPicked={(place) => {
                setFocus({ lng: place.lng, lat: place.lat });
                if (fenceType === 'circle') setCentre({ lng: place.lng, lat: place.lat });
              }}
            />
            <Typography.Text className={styles.problem} data-testid="fence-problem">
              {problem ?? ''}
            </Typography.Text>
          </div>
          <div className={styles.mapBox}>
            {!loading && (
              <BaseMap
                center={centre ?? MAP_PICKER_CENTER}
                zoom={MAP_PICKER_ZOOM}
                minZoom={MAP_PICKER_MIN_ZOOM}
                maxZoom={MAP_PICKER_MAX_ZOOM}
                label={t.mapLabel}
              >
                {fenceType === 'circle' ? (
                  <CircleEditLayer
                    centre={centre}
                    radius={radius}
                    onCentre={setCentre}
                    onRadius={setRadius}
                  />
                ) : (
                  <PolygonEditLayer points={points} onChange={setPoints} />
                )}
                {id !== undefined && (
                  <FitFence centre={centre} radius={radius} points={fenceType === 'polygon' ? points : []} />
                )}
                <PanTo point={focus} />
              </BaseMap>
            )}
          </div>
        </div>
      </Spin>
    </Card>
  );
}
