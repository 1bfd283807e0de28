/** Community children (section 2) under /community/community, with the view each one shows and its route module. */
export const COMMUNITY_CHILDREN = [
  { path: 'postInfo', view: 'postInfo', file: 'post-info' },
  { path: 'postDetail/:id', view: 'postDetail', file: 'post-detail' },
  { path: 'userCenter/:id', view: 'userCenter', file: 'user-center' },
  { path: 'userFollow/:type/:id', view: 'userFollow', file: 'user-follow' },
  { path: 'pageLayout/hotList', view: 'hotList', file: 'hot-list' },
  { path: 'pageLayout/userInfo', view: 'userInfo', file: 'user-info' },
] as const;
export type CommunityView = (typeof COMMUNITY_CHILDREN)[number]['view'];
