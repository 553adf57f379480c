/**
 * The menu tree is data: one node per menu, group or hidden secondary page. The web builds its
 * sidebar, top bar and router from it; the server checks every API route's codes against it.
 */

/** A shell link that is not a page of the layout: the visualisation screen or the boss screen. */
export type MenuLink = 'screen' | 'boss';

/** Title that depends on who looks: the vehicle menu reads 车辆管理 for a manager, 车辆信息 otherwise. */
export interface MenuTitles {
  readonly manager: string;
  readonly other: string;
}

interface MenuNodeFields {
  /** Route path, absolute, react-router style: `:id` for parameters. */
  readonly path: string;
  /** Chinese title shown in menus and tabs. */
  readonly title: string;
  readonly children?: readonly MenuNode[];
  /** A secondary page, not shown in the menu; it carries the code of the menu that leads to it. */
  readonly hidden?: boolean;
  /** Page key `feature/PageName`, resolved by the web to `features/<feature>/pages/<PageName>.tsx`. */
  readonly page?: string;
  /** The tab is not kept alive when the user leaves it. */
  readonly noCache?: boolean;
  /** Icon name (an @ant-design/icons component name). */
  readonly icon?: string;
  /** Key matched against the user's latest / frequently-used lists; defaults to the code. */
  readonly enventKey?: string;
  /** An extra top-level route (isExtraRoute): full-map monitoring, 2.0, energy-saving management. */
  readonly extra?: boolean;
  /** Always carries the 'latest' tag. */
  readonly newTag?: boolean;
  /** A top-bar link rather than a page of the layout. */
  readonly link?: MenuLink;
  /** Opened in a new browser tab or window. */
  readonly target?: 'tab';
  /** For `target: 'tab'`: the address the new tab opens when it differs from `path`. */
  readonly href?: string;
  readonly titles?: MenuTitles;
}

/** A node guarded by a menu permission code. */
export interface CodedMenuNode extends MenuNodeFields {
  /** Menu permission code (elemCode). Hidden pages carry their parent menu's code. */
  readonly code: string;
  readonly public?: undefined;
}

/** A node every logged-in user may open (personal centre, alarm subscription settings). */
export interface PublicMenuNode extends MenuNodeFields {
  readonly code?: undefined;
  readonly public: true;
}

export type MenuNode = CodedMenuNode | PublicMenuNode;

/** Who is looking, for titles that depend on it. */
export interface MenuViewer {
  readonly manager: boolean;
}
