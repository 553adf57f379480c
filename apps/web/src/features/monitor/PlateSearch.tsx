import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { readPlateHistory, rememberPlate } from '../../kit/pickers/plateHistory';
import { texts } from '../../locales';
import type { SearchSelector } from './carFilter';

const t = texts.monitor;

export interface PlateSearchProps {
  query: string;
  selector: SearchSelector;
  onSearch: (query: string) => void;
  onSelector: (selector: SearchSelector) => void;
  style?: React.CSSProperties;
}

/**
 * Search by plate (or VIN) with the last 10 searched plates (localStorage carHistory) offered while
 * the box is empty.
 */
export function PlateSearch({ query, selector, onSearch, onSelector, style }: PlateSearchProps) {
  const [text, setText] = useState(query);
  const [history, setHistory] = useState(readPlateHistory);
  useEffect(() => setText(query), [query]);

  const options = useMemo(
    () =>
      selector === 'carNo' && text.trim() === '' && history.length > 0
        ? [{ label: t.recentSearches, options: history.map((plate) => ({ value: plate, label: plate })) }]
        : [],
    [history, selector, text],
  );

  const search = (value: string) => {
    const term = value.trim();
    setText(term);
    if (term !== '' && selector === 'carNo') setHistory(rememberPlate(term));
    onSearch(term);
  };

  return (
    <Space.Compact style={style ?? { width: '100%' }}>
      <Select<SearchSelector>
        value={selector}
        onChange={onSelector}
        style={{ width: 76 }}
        options={[
          { value: 'carNo', label: t.selector.carNo },
          { value: 'vin', label: t.selector.vin },
        ]}
      />
      <AutoComplete
        value={text}
        options={options}
        onChange={(value: string) => {
          setText(value);
          if (value === '') onSearch('');
        }}
        onSelect={(value: string) => search(value)}
        style={{ flex: 1 }}
      >
        <Input
          allowClear
          aria-label={t.searchPlaceholder}
          placeholder={selector === 'vin' ? t.searchVinPlaceholder : t.searchPlaceholder}
          suffix={<SearchOutlined onClick={() => search(text)} />}
          onPressEnter={() => search(text)}
        />
      </AutoComplete>
    </Space.Compact>
  );
}
