/**
 * The static content through the API (docs/requirements.md §7 "Other"): the help-centre tree, notices, the generic
 * `cgform-api` reads of news, notices, rules, articles, terms and the white paper, each in the caller's language; and
 * operator publishing of news and notices.
 */
import type { ContentDetail, ContentSummary, HelpNode, Page, Published } from './content.ts';
import { endpoint, schemasIn, type } from './endpoint.ts';

const s = schemasIn('content');
const tags = ['content'];

export const helpCenterInfo = endpoint({
  method: 'POST',
  path: '/api/helpCenterInfo/:id',
  auth: 'none',
  params: s('helpCenterParams'),
  body: s('helpCenterBody'),
  response: type<Page<HelpNode>>(),
  errors: ['notFound'],
  summary: 'Help-centre nodes below id (0: the whole tree); body { current, size } with size -521 for all',
  tags,
});

export const noticeList = endpoint({
  method: 'POST',
  path: '/api/notice/list',
  auth: 'none',
  query: s('pageQuery'),
  response: type<Page<ContentSummary>>(),
  errors: [],
  summary: 'Notices (announcements), newest first; query current, size (-521 all), keyword',
  tags,
});

export const getData = endpoint({
  method: 'GET',
  path: '/cgform-api/getData/:formId',
  auth: 'none',
  params: s('formParams'),
  query: s('getDataQuery'),
  response: type<Page<ContentSummary>>(),
  errors: [],
  summary:
    'A list of news, notice, rule, article, terms or whitepaper: column, order, page, pageSize (-521 all), keyword',
  tags,
});

export const detailData = endpoint({
  method: 'GET',
  path: '/cgform-api/detailData/:formId/:id',
  auth: 'none',
  params: s('detailParams'),
  response: type<ContentDetail>(),
  errors: ['notFound'],
  summary: 'One document with its Markdown body (content)',
  tags,
});

export const publish = endpoint({
  method: 'POST',
  path: '/api/content/publish',
  auth: 'operator',
  body: s('publishBody'),
  response: type<Published>(),
  errors: [],
  summary: 'Operators: publish a news item or notice (English required, other locales optional)',
  tags,
});
