import { HistoryOutlined, SearchOutlined } from '@ant-design/icons';
import { ALL_FUNCTIONS_COLUMNS, ALL_FUNCTIONS_DRAWER_WIDTH, findMenuByPath } from '@fleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Drawer, Empty, Input, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ALARM_SETTINGS_PATHS } from '../features/alarm-settings/links';
import { userInfoQuery } from '../features/session/userInfo';
import { texts } from '../locales';
import styles from './AllFunctionsDrawer.module.css';
import {
  addMenuHistory,
  allEntries,
  type FunctionEntry,
  functionModules,
  historyEntries,
  MENU_HISTORY_KEY,
  parseMenuHistory,
  searchEntries,
  searchOnlyEntries,
  spreadColumns,
} from './allFunctions';
import { menuIcon } from './menuIcons';
import { useShell } from './ShellContext';

const t = texts.shell;

function readHistory(): string[] {
  try {
    return parseMenuHistory(localStorage.getItem(MENU_HISTORY_KEY));
  } catch {
    return [];
  }
}

function writeHistory(history: readonly string[]): void {
  try {
    localStorage.setItem(MENU_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // Storage disabled: the history lasts until the drawer closes.
  }
}

function EntryTags({ entry }: { entry: FunctionEntry }) {
  return (
    <>
      {entry.tags.map((tag) => (
        <Tag key={tag} color={tag === 'latest' ? 'red' : 'blue'} className={styles.tag}>
          {tag === 'latest' ? t.tagLatest : t.tagCommon}
        </Tag>
      ))}
    </>
  );
}

/**
 * 全部功能 (spec core section 2): search with suggestions, the last 10 searched menus, and the
 * user's modules over 5 columns with 最新 / 常用 tags.
 */
export function AllFunctionsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { nav, viewer, user, codes } = useShell();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [history, setHistory] = useState(readHistory);
  const queryClient = useQueryClient();

  // Fresh 最新 / 常用 tags and history each time the drawer opens.
  useEffect(() => {
    if (!open) return;
    setHistory(readHistory());
    void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
  }, [open, queryClient]);

  const modules = useMemo(
    () =>
      functionModules(nav, viewer, { newest: user.newestElements ?? [], common: user.commonElements ?? [] }),
    [nav, viewer, user.newestElements, user.commonElements],
  );
  const entries = useMemo(
    () => [...allEntries(modules), ...searchOnlyEntries(ALARM_SETTINGS_PATHS, codes, viewer)],
    [modules, codes, viewer],
  );
  const columns = useMemo(() => spreadColumns(modules, ALL_FUNCTIONS_COLUMNS), [modules]);
  const found = searchEntries(entries, text);
  const recent = historyEntries(history, entries);

  const go = (entry: FunctionEntry, remember: boolean) => {
    if (remember) {
      const next = addMenuHistory(history, entry.path);
      setHistory(next);
      writeHistory(next);
    }
    setText('');
    onClose();
    if (entry.newTab) {
      const node = findMenuByPath(entry.path);
      window.open(node?.href ?? entry.path, '_blank', 'noopener');
    } else {
      navigate(entry.path);
    }
  };

  const options = found.map((entry) => ({
    value: entry.path,
    label: (
      <div className={styles.option}>
        <span>{entry.title}</span>
        <span className={styles.optionTrail}>{entry.trail.join(' / ')}</span>
      </div>
    ),
  }));

  return (
    <Drawer
      title={t.allFunctionsTitle}
      placement="left"
      size={ALL_FUNCTIONS_DRAWER_WIDTH}
      open={open}
      onClose={onClose}
    >
      <AutoComplete
        className={styles.search}
        options={options}
        value={text}
        onChange={setText}
        onSelect={(path: string) => {
          const entry = entries.find((candidate) => candidate.path === path);
          if (entry) go(entry, true);
        }}
        notFoundContent={text.trim() ? t.searchNoMatch : undefined}
      >
        <Input
          size="large"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t.searchPlaceholder}
          aria-label={t.searchPlaceholder}
        />
      </AutoComplete>

      {!text.trim() && (
        <section className={styles.history} aria-label={t.searchHistory}>
          <span className={styles.historyTitle}>
            <HistoryOutlined /> {t.searchHistory}
          </span>
          {recent.length === 0 ? (
            <span className={styles.historyEmpty}>{t.searchHistoryEmpty}</span>
          ) : (
            recent.map((entry) => (
              <button
                key={entry.path}
                type="button"
                className={styles.historyItem}
                onClick={() => go(entry, true)}
              >
                {entry.title}
              </button>
            ))
          )}
        </section>
      )}

      {modules.length === 0 ? (
        <Empty className={styles.empty} description={t.noModules} />
      ) : (
        <div
          className={styles.columns}
          style={{ gridTemplateColumns: `repeat(${ALL_FUNCTIONS_COLUMNS}, minmax(0, 1fr))` }}
        >
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed slots, the index is their identity.
            <div key={index} className={styles.column} data-column={index + 1}>
              {column.map((module) => (
                <section key={module.path} className={styles.module} aria-label={module.title}>
                  <h3 className={styles.moduleTitle}>
                    {menuIcon(findMenuByPath(module.path)?.icon)}
                    <span>{module.title}</span>
                  </h3>
                  {module.groups.map((group, groupIndex) => (
                    <div key={group.title ?? `loose-${groupIndex}`} className={styles.group}>
                      {group.title && <div className={styles.groupTitle}>{group.title}</div>}
                      {group.entries.map((entry) => (
                        <button
                          key={entry.path}
                          type="button"
                          className={styles.entry}
                          onClick={() => go(entry, false)}
                        >
                          <span>{entry.title}</span>
                          <EntryTags entry={entry} />
                        </button>
                      ))}
                    </div>
                  ))}
                </section>
              ))}
            </div>
          ))}
        </div>
      )}
    </Drawer>
  );
}
