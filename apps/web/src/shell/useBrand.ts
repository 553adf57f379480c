import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchAppConfig } from '../api/shell';
import { type BrandSkin, resolveBrand } from './brands';

/** GET /app/config, once a page load. */
export const appConfigQuery = queryOptions({
  queryKey: ['app', 'config'],
  queryFn: fetchAppConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

/** The skin of this host, with the operator's brands once the configuration has come. */
export function useBrand(): BrandSkin {
  const { data } = useQuery(appConfigQuery);
  return useMemo(() => resolveBrand(window.location.host, data?.brands), [data]);
}

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') === href) return;
  link.removeAttribute('type');
  link.href = href;
}

/** Window title ('page - brand', or the brand alone) and favicon follow the skin. */
export function useBrandHead(pageTitle?: string): BrandSkin {
  const brand = useBrand();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${brand.title}` : brand.title;
    setFavicon(brand.icon);
  }, [brand, pageTitle]);
  return brand;
}
