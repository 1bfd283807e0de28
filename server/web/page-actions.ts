import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/**
 * Which page addresses take a form's POST: those whose target route — the one React Router
 * would run the action of — exports an `action` (docs/decisions/100). Every other page keeps
 * answering 405 to a POST (decision 073).
 */
export function createPageActions(build: Pick<ServerBuild, 'routes' | 'basename'>): { acceptsPost(url: string): boolean } {
  const tree = routeTree(build.routes);
  return {
    acceptsPost(url) {
      const queryStart = url.indexOf('?');
      let pathname = queryStart === -1 ? url : url.slice(0, queryStart);
      const search = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
      try {
        pathname = decodeURI(pathname);
      } catch {
        return false;
      }
      const matches = matchRoutes(tree, pathname, build.basename);
      if (!matches || matches.length === 0) return false;
      // React Router's target of a POST: the index route only when asked with a bare `?index`,
      // otherwise the deepest route that contributes a path (docs: "Index query param").
      const last = matches[matches.length - 1];
      const target =
        last?.route.index && search.getAll('index').some((value) => value === '')
          ? last
          : matches.filter((match, index) => index === 0 || (match.route.path !== undefined && match.route.path.length > 0)).at(-1);
      return target !== undefined && typeof build.routes[target.route.id ?? '']?.module.action === 'function';
    },
  };
}

function routeTree(routes: ServerBuild['routes']): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    const node = (
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive }
    ) as RouteObject;
    list.push(node);
    children.set(route.parentId, list);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => {
      const below = children.get(node.id);
      return below && !node.index ? ({ ...node, children: attach(below) } as RouteObject) : node;
    });
  return attach(children.get(undefined) ?? []);
}
