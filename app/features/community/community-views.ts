/** Community children (section 2) under /community/community, with the view each one shows. */
export const COMMUNITY_CHILDREN = [
  { path: 'postInfo', view: 'postInfo' },
  { path: 'postDetail/:id', view: 'postDetail' },
  { path: 'userCenter/:id', view: 'userCenter' },
  { path: 'userFollow/:type/:id', view: 'userFollow' },
  { path: 'pageLayout/hotList', view: 'hotList' },
  { path: 'pageLayout/userInfo', view: 'userInfo' },
] as const;
export type CommunityView = (typeof COMMUNITY_CHILDREN)[number]['view'];
