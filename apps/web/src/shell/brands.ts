import coalLogin from './brand-assets/coal-login.svg';
import coalLogo from './brand-assets/coal-logo.svg';
import defaultLogin from './brand-assets/default-login.svg';
import defaultLogo from './brand-assets/default-logo.svg';
import heavyLogin from './brand-assets/heavy-login.svg';
import heavyLogo from './brand-assets/heavy-logo.svg';
import meatLogin from './brand-assets/meat-login.svg';
import meatLogo from './brand-assets/meat-logo.svg';

/**
 * Brand skins by host name (spec core section 1): title, logo, login background and icon. The
 * operator extends or overrides this table through GET /api/app/config's `brands`.
 *
 * A host pattern is an exact host (`fleet.example.com`), a first label (`meat.*` matches
 * `meat.example.com`) or a domain (`*.example.com` matches its sub-domains). Ports are ignored.
 */
export interface BrandSkin {
  readonly key: string;
  readonly hosts: readonly string[];
  readonly title: string;
  readonly logo: string;
  readonly loginBackground: string;
  readonly icon: string;
}

/** A brand as the server's configuration gives it; missing pictures fall back. */
export interface BrandConfig {
  readonly key: string;
  readonly hosts: readonly string[];
  readonly title: string;
  readonly logo?: string;
  readonly loginBackground?: string;
  readonly icon?: string;
}

export const DEFAULT_BRAND_KEY = 'default';

export const BUILT_IN_BRANDS: readonly BrandSkin[] = [
  {
    key: DEFAULT_BRAND_KEY,
    hosts: [],
    title: '车队管理平台',
    logo: defaultLogo,
    loginBackground: defaultLogin,
    icon: defaultLogo,
  },
  {
    key: 'meat',
    hosts: ['meat.*', 'lenglian.*'],
    title: '冷链肉品物流平台',
    logo: meatLogo,
    loginBackground: meatLogin,
    icon: meatLogo,
  },
  {
    key: 'coal',
    hosts: ['coal.*'],
    title: '煤炭运输管理平台',
    logo: coalLogo,
    loginBackground: coalLogin,
    icon: coalLogo,
  },
  {
    key: 'heavy',
    hosts: ['heavy.*', 'zhongka.*'],
    title: '重卡车队管理平台',
    logo: heavyLogo,
    loginBackground: heavyLogin,
    icon: heavyLogo,
  },
];

function bareHost(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  return lower.replace(/:\d+$/, '').replace(/\.$/, '');
}

/** Whether a host (with or without port) matches one pattern of a brand. */
export function hostMatches(pattern: string, host: string): boolean {
  const wanted = pattern.trim().toLowerCase();
  const actual = bareHost(host);
  if (!wanted || !actual) return false;
  if (wanted.startsWith('*.')) return actual.endsWith(wanted.slice(1)) && actual.length > wanted.length - 1;
  if (wanted.endsWith('.*'))
    return actual.startsWith(wanted.slice(0, -1)) && actual.length > wanted.length - 1;
  return actual === wanted;
}

/**
 * The built-in table with the operator's brands applied: an entry with a built-in key replaces its
 * hosts and the fields it gives; a new key adds a brand (pictures default to the default skin's).
 * Operator entries are tried first, in their order.
 */
export function brandTable(operator: readonly BrandConfig[] = []): readonly BrandSkin[] {
  const builtIn = new Map(BUILT_IN_BRANDS.map((brand) => [brand.key, brand]));
  const fallback = builtIn.get(DEFAULT_BRAND_KEY) as BrandSkin;
  const seen = new Set<string>();
  const fromOperator: BrandSkin[] = [];
  for (const entry of operator) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    const base = builtIn.get(entry.key) ?? fallback;
    fromOperator.push({
      key: entry.key,
      hosts: [...entry.hosts],
      title: entry.title || base.title,
      logo: entry.logo || base.logo,
      loginBackground: entry.loginBackground || base.loginBackground,
      icon: entry.icon || entry.logo || base.icon,
    });
  }
  return [...fromOperator, ...BUILT_IN_BRANDS.filter((brand) => !seen.has(brand.key))];
}

/** The skin for a host: the first brand with a matching host pattern, else the default skin. */
export function resolveBrand(host: string, operator: readonly BrandConfig[] = []): BrandSkin {
  const table = brandTable(operator);
  return (
    table.find((brand) => brand.hosts.some((pattern) => hostMatches(pattern, host))) ??
    table.find((brand) => brand.key === DEFAULT_BRAND_KEY) ??
    (BUILT_IN_BRANDS[0] as BrandSkin)
  );
}
