/** Dictionary prefixes each content island needs (see pickMessages): the spec §8 support messages and the API client's. */
export const SUPPORT_MESSAGES = ['support.', 'common.networkSlow'];
export const NEWS_MESSAGES = ['content.news.', 'content.kind.', 'content.fallback', 'common.networkSlow', 'common.loading', 'error.notFound'];
export const SEARCH_MESSAGES = ['content.search.', 'content.kind.', 'common.loading'];
