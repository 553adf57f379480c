import { useSettings } from '../../stores/settings';

/** Height of the top bar and of the tab bar under it (shell/ShellLayout.module.css, TagsView). */
const TOP_BAR_HEIGHT = 56;
const TAB_BAR_HEIGHT = 36;

/**
 * Where a sticky table header stops under the shell's fixed bars: below the top bar and the tab bar
 * when the header is fixed (固定头部), at the top of the window otherwise.
 */
export function useStickyTop(): number {
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const tagsView = useSettings((s) => s.tagsView);
  if (!fixedHeader) return 0;
  return TOP_BAR_HEIGHT + (tagsView ? TAB_BAR_HEIGHT : 0);
}
