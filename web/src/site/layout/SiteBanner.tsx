// The optional banner above the navigation (spec §2): shown when the site settings say
// show_banner and the banner whose id is banner_to_show has text. The selection decides, as
// the admin's banner page promises ("visitors see the selected banner"), not the hidden flag.
import { useApi } from '../../lib/useApi.ts';
import type { Banner, SiteSettings } from '../../lib/types.ts';
import { SmartLink } from '../components/SmartLink.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { useWords } from '../words/useWords.ts';

export function SiteBanner() {
  const settings = useApi<SiteSettings>('globals.php').data;
  const banners = useApi<Banner[]>('get_headder.php').data;
  const words = useWords();
  if (!settings || !banners || !settings.show_banner) return null;
  const banner = banners.find((b) => b.id === settings.banner_to_show);
  if (!banner || !banner.banner_text.trim()) return null;
  return (
    <aside className="site-banner" aria-label={words.announcement}>
      <p>
        <span className="site-banner-text">{banner.banner_text}</span>
        {banner.banner_link && (
          <>
            {' '}
            <SmartLink href={banner.banner_link} className="site-banner-link">
              {banner.banner_link_text || words.learnMore}
            </SmartLink>
          </>
        )}
        <EditLink entity="banners" id={banner.id} what="site banner" />
      </p>
    </aside>
  );
}
