/**
 * Dictionary prefixes each content island needs (see pickMessages): the docs/requirements.md §8 support messages and
 * the API client's.
 */
export const SUPPORT_MESSAGES = ['support.', 'common.networkSlow'];
export const NEWS_MESSAGES = ['content.news.', 'content.fallback', 'common.networkSlow', 'common.loading'];
export const SEARCH_MESSAGES = ['content.search.', 'content.kind.', 'common.loading'];
