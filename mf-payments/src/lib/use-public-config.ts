import { useEffect, useState } from 'react';
import type { PublicConfig } from '@paydesk/shared/schemas/payer-api';

/**
 * The configuration once it has loaded (undefined before, or when it cannot be). Its fetch and
 * schema load after the page has rendered: the pay form shows the support link when it arrives.
 */
export function usePublicConfig(): PublicConfig | undefined {
  const [config, setConfig] = useState<PublicConfig>();
  useEffect(() => {
    let live = true;
    void import('./public-config')
      .then(({ loadPublicConfig }) => loadPublicConfig())
      .then((result) => {
        if (live && 'data' in result) setConfig(result.data);
      });
    return () => {
      live = false;
    };
  }, []);
  return config;
}
