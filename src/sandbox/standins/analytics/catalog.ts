// The dimensions and metrics the analytics stand-in knows (a subset of GA4's Data API schema, with
// GA4's api names, types and categories), which of them the realtime API accepts, and the values
// generated data takes.

export type MetricType = 'TYPE_INTEGER' | 'TYPE_FLOAT' | 'TYPE_SECONDS' | 'TYPE_CURRENCY';

export interface DimensionInfo {
  apiName: string;
  uiName: string;
  category: string;
  realtime?: boolean;
  /** Values generated reports use; `date`-like dimensions derive theirs from the date range. */
  values?: string[];
}

export interface MetricInfo {
  apiName: string;
  uiName: string;
  type: MetricType;
  category: string;
  realtime?: boolean;
  /** A ratio or average: aggregated by averaging, generated in [0, 1) or as a duration. */
  ratio?: boolean;
  /** Rough daily magnitude per dimension combination, so generated numbers look plausible. */
  scale: number;
}

const dim = (apiName: string, uiName: string, category: string, values?: string[], realtime = false): DimensionInfo => ({ apiName, uiName, category, values, realtime });

export const DIMENSIONS: DimensionInfo[] = [
  dim('date', 'Date', 'Time'),
  dim('dateHour', 'Date + hour (YYYYMMDDHH)', 'Time'),
  dim('year', 'Year', 'Time'),
  dim('month', 'Month', 'Time'),
  dim('week', 'Week', 'Time'),
  dim('dayOfWeek', 'Day of week', 'Time', ['0', '1', '2', '3', '4', '5', '6']),
  dim('hour', 'Hour', 'Time', ['00', '06', '09', '12', '15', '18', '21']),
  dim('country', 'Country', 'Geography', ['Australia', 'United States', 'United Kingdom', 'Germany', 'India', 'New Zealand'], true),
  dim('countryId', 'Country ID', 'Geography', ['AU', 'US', 'GB', 'DE', 'IN', 'NZ'], true),
  dim('city', 'City', 'Geography', ['Sydney', 'Melbourne', 'New York', 'London', 'Berlin', 'Auckland'], true),
  dim('region', 'Region', 'Geography', ['New South Wales', 'Victoria', 'California', 'England', 'Berlin'], true),
  dim('continent', 'Continent', 'Geography', ['Oceania', 'Americas', 'Europe', 'Asia']),
  dim('language', 'Language', 'Demographics', ['English', 'German', 'Hindi']),
  dim('deviceCategory', 'Device category', 'Platform / Device', ['desktop', 'mobile', 'tablet'], true),
  dim('platform', 'Platform', 'Platform / Device', ['web', 'iOS', 'Android'], true),
  dim('browser', 'Browser', 'Platform / Device', ['Chrome', 'Safari', 'Edge', 'Firefox']),
  dim('operatingSystem', 'Operating system', 'Platform / Device', ['Windows', 'Macintosh', 'iOS', 'Android', 'Linux']),
  dim('sessionSource', 'Session source', 'Traffic source', ['google', '(direct)', 'bing', 'newsletter', 'linkedin.com']),
  dim('sessionMedium', 'Session medium', 'Traffic source', ['organic', '(none)', 'email', 'referral', 'cpc']),
  dim('sessionSourceMedium', 'Session source / medium', 'Traffic source', ['google / organic', '(direct) / (none)', 'newsletter / email', 'linkedin.com / referral']),
  dim('sessionDefaultChannelGroup', 'Session default channel group', 'Traffic source', ['Organic Search', 'Direct', 'Email', 'Referral', 'Paid Search']),
  dim('sessionCampaignName', 'Session campaign', 'Traffic source', ['(not set)', 'spring_sale', 'launch_week']),
  dim('firstUserSource', 'First user source', 'Traffic source', ['google', '(direct)', 'newsletter']),
  dim('pagePath', 'Page path', 'Page / screen', ['/', '/pricing', '/blog/launch', '/docs/getting-started', '/contact']),
  dim('pageTitle', 'Page title', 'Page / screen', ['Home', 'Pricing', 'Launch announcement', 'Getting started', 'Contact us']),
  dim('landingPage', 'Landing page', 'Page / screen', ['/', '/pricing', '/blog/launch']),
  dim('hostName', 'Hostname', 'Page / screen', ['www.example.com', 'shop.example.com']),
  dim('unifiedScreenName', 'Page title and screen name', 'Page / screen', ['Home', 'Pricing', 'Checkout'], true),
  dim('eventName', 'Event name', 'Event', ['page_view', 'session_start', 'first_visit', 'user_engagement', 'scroll', 'purchase', 'sign_up'], true),
  dim('newVsReturning', 'New / returning', 'User', ['new', 'returning']),
  dim('userAgeBracket', 'Age', 'Demographics', ['18-24', '25-34', '35-44', '45-54']),
  dim('itemName', 'Item name', 'E-commerce', ['Starter plan', 'Team plan', 'T-shirt']),
  dim('transactionId', 'Transaction ID', 'E-commerce', ['T-1001', 'T-1002', 'T-1003']),
  dim('minutesAgo', 'Minutes ago', 'Time', ['00', '05', '10', '15', '20', '25'], true),
];

const met = (apiName: string, uiName: string, type: MetricType, category: string, scale: number, extra: Partial<MetricInfo> = {}): MetricInfo => ({ apiName, uiName, type, category, scale, ...extra });

export const METRICS: MetricInfo[] = [
  met('activeUsers', 'Active users', 'TYPE_INTEGER', 'User', 120, { realtime: true }),
  met('newUsers', 'New users', 'TYPE_INTEGER', 'User', 60),
  met('totalUsers', 'Total users', 'TYPE_INTEGER', 'User', 130),
  met('sessions', 'Sessions', 'TYPE_INTEGER', 'Session', 160),
  met('engagedSessions', 'Engaged sessions', 'TYPE_INTEGER', 'Session', 90),
  met('engagementRate', 'Engagement rate', 'TYPE_FLOAT', 'Session', 1, { ratio: true }),
  met('bounceRate', 'Bounce rate', 'TYPE_FLOAT', 'Session', 1, { ratio: true }),
  met('averageSessionDuration', 'Average session duration', 'TYPE_SECONDS', 'Session', 240, { ratio: true }),
  met('sessionsPerUser', 'Sessions per user', 'TYPE_FLOAT', 'Session', 2, { ratio: true }),
  met('userEngagementDuration', 'User engagement', 'TYPE_SECONDS', 'User', 9000),
  met('screenPageViews', 'Views', 'TYPE_INTEGER', 'Page / screen', 400, { realtime: true }),
  met('screenPageViewsPerSession', 'Views per session', 'TYPE_FLOAT', 'Page / screen', 4, { ratio: true }),
  met('eventCount', 'Event count', 'TYPE_INTEGER', 'Event', 1500, { realtime: true }),
  met('conversions', 'Conversions', 'TYPE_INTEGER', 'Event', 12, { realtime: true }),
  met('keyEvents', 'Key events', 'TYPE_INTEGER', 'Event', 12, { realtime: true }),
  met('transactions', 'Transactions', 'TYPE_INTEGER', 'E-commerce', 5),
  met('ecommercePurchases', 'Ecommerce purchases', 'TYPE_INTEGER', 'E-commerce', 5),
  met('addToCarts', 'Add to carts', 'TYPE_INTEGER', 'E-commerce', 20),
  met('checkouts', 'Checkouts', 'TYPE_INTEGER', 'E-commerce', 9),
  met('itemsViewed', 'Items viewed', 'TYPE_INTEGER', 'E-commerce', 80),
  met('totalRevenue', 'Total revenue', 'TYPE_CURRENCY', 'Revenue', 900),
  met('purchaseRevenue', 'Purchase revenue', 'TYPE_CURRENCY', 'Revenue', 850),
];

export const dimension = (name: string) => DIMENSIONS.find((d) => d.apiName === name);
export const metric = (name: string) => METRICS.find((m) => m.apiName === name);

/** GA4's link for an invalid field name, which its error messages carry. */
export const SCHEMA_URL = {
  core: 'https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema',
  realtime: 'https://developers.google.com/analytics/devguides/reporting/data/v1/realtime-api-schema',
};
