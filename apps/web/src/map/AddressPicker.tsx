import { EnvironmentOutlined, SearchOutlined } from '@ant-design/icons';
import {
  MAP_PICKER_CENTER,
  MAP_PICKER_MAX_ZOOM,
  MAP_PICKER_MIN_ZOOM,
  MAP_PICKER_ZOOM,
  SEARCH_DEBOUNCE_MS,
} from '@fleet/domain';
import { App, AutoComplete, Button, Input, Modal, Spin } from 'antd';
import type * as L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type PlaceHit, reversePlace, searchPlaces } from '../api/geo';
import { texts } from '../locales';
import {
  cityWithoutSuffix,
  coordinateText,
  debounce,
  type PickedAddress,
  roundCoordinate,
} from './addressPick';
import { BaseMap } from './BaseMap';
import { PickMarker } from './PickMarker';
import styles from './pick.module.css';
import { projectionFor } from './projection';
import { useTileProvider } from './useTileProvider';

export type { PickedAddress } from './addressPick';

const t = texts.addressPicker;
/** Zoom when a search hit or a given value is shown. */
const FOCUS_ZOOM = 15;

export interface AddressPickerProps {
  open: boolean;
  /** 选择地址 by default. */
  title?: string;
  /** The place already chosen (WGS-84), shown with a pin when the picker opens. */
  value?: { lng: number; lat: number; name?: string } | null;
  /** Narrows the keyword search to a city. */
  city?: string;
  onCancel: () => void;
  onSave: (picked: PickedAddress) => void;
}

/**
 * The map address picker (spec core section 2, constants of section 9): keyword suggestions
 * (600 ms debounce, up to 100), or a click on the map named by reverse geocoding; 取消 and 保存.
 * A search that finds nothing warns 未找到相关地点，请输入详细地址.
 */
export function AddressPicker({ open, title, value, city, onCancel, onSave }: AddressPickerProps) {
  return (
    <Modal
      open={open}
      title={title ?? t.title}
      width={600}
      onCancel={onCancel}
      destroyOnHidden
      footer={null}
      styles={{ body: { paddingTop: 8 } }}
    >
      {open && <PickerBody value={value} city={city} onCancel={onCancel} onSave={onSave} />}
    </Modal>
  );
}

function PickerBody({
  value,
  city,
  onCancel,
  onSave,
}: Pick<AddressPickerProps, 'value' | 'city' | 'onCancel' | 'onSave'>) {
  const { message } = App.useApp();
  const provider = useTileProvider();
  const [map, setMap] = useState<L.Map>();
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<PlaceHit[]>([]);
  const [searching, setSearching] = useState(false);
  const [locating, setLocating] = useState(false);
  const [picked, setPicked] = useState<PickedAddress | null>(() =>
    value
      ? {
          lng: value.lng,
          lat: value.lat,
          name: value.name ?? '',
          address: value.name ?? '',
          province: '',
          city: '',
          district: '',
        }
      : null,
  );
  const pickSeq = useRef(0);
  const searchSeq = useRef(0);
  const start = useRef(
    value ? { center: value, zoom: FOCUS_ZOOM } : { center: MAP_PICKER_CENTER, zoom: MAP_PICKER_ZOOM },
  );

  const runSearch = useMemo(
    () =>
      debounce((word: string) => {
        const seq = ++searchSeq.current;
        setSearching(true);
        searchPlaces(word, city).then(
          (found) => {
            if (seq !== searchSeq.current) return;
            setSearching(false);
            setHits(found);
            if (found.length === 0) void message.warning(t.notFound);
          },
          () => {
            if (seq !== searchSeq.current) return;
            setSearching(false);
            setHits([]);
            void message.warning(t.notFound);
          },
        );
      }, SEARCH_DEBOUNCE_MS),
    [city, message],
  );
  useEffect(() => () => runSearch.cancel(), [runSearch]);

  const onType = (text: string) => {
    setKeyword(text);
    if (text.trim() === '') {
      runSearch.cancel();
      searchSeq.current++;
      setHits([]);
      setSearching(false);
      return;
    }
    runSearch(text.trim());
  };

  const focus = (lng: number, lat: number) => {
    if (!map) return;
    const [y, x] = projectionFor(provider.coords).toMap(lng, lat);
    map.setView([y, x], Math.max(map.getZoom(), FOCUS_ZOOM));
  };

  const choose = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    pickSeq.current++;
    setLocating(false);
    setKeyword(hit.name);
    setPicked({
      lng: roundCoordinate(hit.lng),
      lat: roundCoordinate(hit.lat),
      name: hit.name,
      address: hit.address || hit.name,
      province: hit.province,
      city: cityWithoutSuffix(hit.city),
      district: hit.district,
    });
    focus(hit.lng, hit.lat);
  };

  const pickOnMap = (lng: number, lat: number) => {
    const seq = ++pickSeq.current;
    const point = { lng: roundCoordinate(lng), lat: roundCoordinate(lat) };
    setPicked({ ...point, name: '', address: '', province: '', city: '', district: '' });
    setLocating(true);
    reversePlace(point.lng, point.lat).then(
      (place) => {
        if (seq !== pickSeq.current) return;
        setLocating(false);
        setPicked({
          ...point,
          name: place.address,
          address: place.address,
          province: place.province ?? '',
          city: cityWithoutSuffix(place.city ?? ''),
          district: place.district ?? '',
        });
      },
      () => {
        if (seq !== pickSeq.current) return;
        setLocating(false);
      },
    );
  };

  const save = () => {
    if (!picked) {
      void message.warning(t.pickRequired);
      return;
    }
    if (!picked.name.trim()) {
      void message.warning(locating ? t.locating : t.addressMissing);
      return;
    }
    onSave(picked);
  };

  const options = hits.map((hit, index) => ({
    value: String(index),
    label: (
      <div className={styles.option} title={hit.address}>
        <div>{hit.name}</div>
        <div className={styles.optionAddress}>{hit.address}</div>
      </div>
    ),
  }));
  const point = useMemo(() => (picked ? { lng: picked.lng, lat: picked.lat } : null), [picked]);

  return (
    <div className={styles.picker}>
      <AutoComplete
        value={keyword}
        options={options}
        onSearch={onType}
        onSelect={(index: string) => choose(Number(index))}
        style={{ width: '100%' }}
        notFoundContent={searching ? <Spin size="small" /> : null}
      >
        <Input
          allowClear
          aria-label={t.searchPlaceholder}
          placeholder={t.searchPlaceholder}
          prefix={<SearchOutlined />}
          onPressEnter={() => {
            if (keyword.trim()) runSearch(keyword.trim());
          }}
        />
      </AutoComplete>
      <div className={styles.pickerMap}>
        <BaseMap
          center={start.current.center}
          zoom={start.current.zoom}
          minZoom={MAP_PICKER_MIN_ZOOM}
          maxZoom={MAP_PICKER_MAX_ZOOM}
          label={t.mapLabel}
          onMap={setMap}
        >
          <PickMarker point={point} onPick={pickOnMap} />
        </BaseMap>
      </div>
      <div className={styles.pickerFooterText} data-testid="picked-address">
        <EnvironmentOutlined style={{ marginRight: 6 }} />
        {picked ? (
          <>
            <span>{locating ? t.locating : picked.address || picked.name || t.addressMissing}</span>
            <span className={styles.coordinates}>（{coordinateText(picked.lng, picked.lat)}）</span>
          </>
        ) : (
          <span>{t.hint}</span>
        )}
      </div>
      <div className={styles.pickerButtons}>
        <Button onClick={onCancel}>{t.cancel}</Button>
        <Button type="primary" onClick={save} disabled={locating}>
          {t.save}
        </Button>
      </div>
    </div>
  );
}
