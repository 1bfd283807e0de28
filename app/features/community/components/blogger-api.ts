import { endpointCalls } from '../../../lib/endpoint-calls';

/**
 * The calls a fan's pages make (userCenter, userFollow, userInfo), in the browser with the
 * reader's session: the page header, a fan's posts and saved posts, follows and blocks, reports.
 * Each answers the answer's `data`, checked against its contract (decision 137).
 */
export const bloggers = endpointCalls(async () => (await import('../../../../core/contracts/bloggers')).bloggerEndpoints);
export const community = endpointCalls(async () => (await import('../../../../core/contracts/community')).communityEndpoints);
export const social = endpointCalls(async () => (await import('../../../../core/contracts/social')).socialEndpoints);
export const reports = endpointCalls(async () => (await import('../../../../core/contracts/community-reports')).communityReportEndpoints);
