import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** Paths the server answers before React Router, and their label in the metrics. */
const SERVER_PATHS: [RegExp, string][] = [
  [/^\/assets\//, "/assets"],
  [/^\/media\//, "/media"],
  [/^\/signed\//, "/signed"],
  [/^\/(?:healthz|readyz|metrics)$/, ""],
];
const FILE = /\.[a-z0-9]+$/i;

const trees = new WeakMap<ServerBuild, RouteObject[]>();

/**
 * The route pattern a path is served by (`/video/:id`), for metrics labels: bounded by the number of
 * routes, whatever visitors type. Paths outside the router get a fixed label of their own.
 */
export function routeLabel(pathname: string, build: ServerBuild | undefined): string {
  for (const [pattern, label] of SERVER_PATHS) if (pattern.test(pathname)) return label || pathname;
  const matches = build ? matchRoutes(routeTree(build), pathname) : null;
  if (!matches?.length) return FILE.test(pathname) ? "static" : "unmatched";
  const segments = matches.map((match) => match.route.path).filter((segment) => segment && segment !== "/");
  return `/${segments.join("/")}`.replace(/\/+/g, "/");
}

function routeTree(build: ServerBuild) {
  const known = trees.get(build);
  if (known) return known;
  type Node = RouteObject & { children?: Node[] };
  const nodes = new Map<string, Node>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(
      route.id,
      route.index
        ? ({ id: route.id, path: route.path, index: true } as Node)
        : ({ id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] } as Node),
    );
  }
  const tree: Node[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent?.children) parent.children.push(node);
    else tree.push(node);
  }
  trees.set(build, tree);
  return tree;
}
