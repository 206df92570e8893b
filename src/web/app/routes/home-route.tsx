import { HomePage } from '../../features/events/pages/home-page';
import { HomeBanners } from '../../features/content/components/home-banners';
import { LatestNews } from '../../features/content/components/latest-news';

/** /: the carousel and upcoming events (events feature) with banners and news (content feature). */
export function HomeRoute() {
  return <HomePage banners={<HomeBanners />} news={<LatestNews />} />;
}
