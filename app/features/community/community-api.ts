import type { CommentListQuery, CreateCommentBody, CreatePostBody, EditPostBody, HotListQuery, PostListQuery, WeeklyQuery } from '../../../core/contracts/community';
import type { ReportBody } from '../../../core/contracts/community-reports';
import { endpointCalls } from '../../lib/endpoint-calls';
import { endpointUploads } from '../../lib/endpoint-upload';

const community = endpointCalls(async () => (await import('../../../core/contracts/community')).communityEndpoints);
const reports = endpointCalls(async () => (await import('../../../core/contracts/community-reports')).communityReportEndpoints);
const uploads = endpointUploads(async () => (await import('../../../core/contracts/community')).communityEndpoints);

/** The community API for its pages (core/contracts/community.ts and community-reports.ts). */
export const communityApi = {
  posts: (query: Partial<PostListQuery>) => community('listPosts', { query }),
  hot: (query: Partial<HotListQuery>) => community('listHotPosts', { query }),
  weekly: (query: Partial<WeeklyQuery>) => community('listWeekly', { query }),
  post: (id: number) => community('getPost', { params: { id } }),
  create: (body: CreatePostBody) => community('createPost', { body }),
  edit: (id: number, body: EditPostBody) => community('editPost', { params: { id }, body }),
  remove: (id: number) => community('deletePost', { params: { id } }),
  comments: (id: number, query: Partial<CommentListQuery> = {}) => community('listComments', { params: { id }, query }),
  comment: (id: number, body: CreateCommentBody) => community('createComment', { params: { id }, body }),
  removeComment: (id: number) => community('deleteComment', { params: { id } }),
  likePost: (id: number, like: boolean) => community(like ? 'likePost' : 'unlikePost', { params: { id } }),
  likeComment: (id: number, like: boolean) => community(like ? 'likeComment' : 'unlikeComment', { params: { id } }),
  favourite: (id: number, save: boolean) => community(save ? 'favourite' : 'unfavourite', { params: { id } }),
  report: (body: ReportBody) => reports('report', { body }),
  /** one picture or video (field `file`), one request per file */
  upload: (file: File, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('file', file);
    return uploads('upload', { form, signal });
  },
};
