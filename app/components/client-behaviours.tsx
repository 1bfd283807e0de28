import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { followSession } from '../lib/collections/collected-store';
import { setApiNavigation } from '../lib/api-client';
import { useAppStoreRedirect } from '../lib/hooks/use-app-store-redirect';
import { useBuildWatch } from '../lib/hooks/use-build-watch';
import { useChunkReload } from '../lib/hooks/use-chunk-reload';
import { useContactScroll } from '../lib/hooks/use-contact-scroll';
import { useLegacyHashRedirect } from '../lib/hooks/use-legacy-hash-redirect';
import { useViewportCookie } from '../lib/hooks/use-viewport-cookie';
import { useRootData } from '../lib/root-data';

/** The page-wide browser behaviours of sections 1, 2 and 4; renders nothing. */
export function ClientBehaviours() {
  const { config } = useRootData();
  const navigate = useNavigate();

  useEffect(() => setApiNavigation((path) => void navigate(path)), [navigate]);
  // What the reader stars and follows goes with the session: kept in the browser when signed
  // out, moved into the account and loaded on sign-in (docs/decisions/095).
  useEffect(() => followSession(), []);
  // Marks the page as interactive: end-to-end tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useChunkReload();
  useViewportCookie();
  useContactScroll();
  useLegacyHashRedirect();
  useAppStoreRedirect(config.appStore);
  useBuildWatch(config.buildId);
  return null;
}
