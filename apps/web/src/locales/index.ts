import { zhCN } from './zh-CN';

/** The shape every language file follows. */
export type Texts = typeof zhCN;

/** Texts of the current language (only zh-CN for now). */
export const texts: Texts = zhCN;
