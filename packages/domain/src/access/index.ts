export {
  allMenuCodes,
  canAccessPath,
  findMenuByPath,
  flattenMenus,
  isKnownCode,
  menuCodesUnder,
  menuTagKey,
  menuTitle,
  permittedMenuTree,
  withAncestorCodes,
} from './helpers';
export { MENU_TREE } from './menu-tree';
export {
  ROLE_PRESET_NAMES,
  ROLE_PRESETS,
  type RolePreset,
  SAFETY_ALARM_CODES,
  SAFETY_RISK_CODES,
  SAFETY_SCORE_CODES,
} from './presets';
export type { CodedMenuNode, MenuLink, MenuNode, MenuTitles, MenuViewer, PublicMenuNode } from './types';
