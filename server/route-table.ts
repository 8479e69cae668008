import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteHandle } from "~/platform/http/route-handle";
import { localeOfSegment } from "~/platform/i18n/locales";

const STORED_FILES: RouteHandle = { compress: false };

/** Paths the server answers before React Router, their label in the metrics, and their handle. */
const SERVER_PATHS: [RegExp, string, RouteHandle][] = [
  [/^\/assets\//, "/assets", {}],
  [/^\/media\//, "/media", STORED_FILES],
  [/^\/signed\//, "/signed", STORED_FILES],
  [/^\/(?:healthz|readyz|metrics)$/, "", {}],
];
const FILE = /\.[a-z0-9]+$/i;

/** What the server knows of the route a path is served by. */
export interface RouteInfo {
  /** The route pattern (`/video/:id`), for metrics labels. */
  label: string;
  /** What the matched route modules declare in their `handle` export (the innermost wins). */
  handle: RouteHandle;
  /**
   * The path's first segment stands where a page's language goes but names none of ours (`/xx/contact`,
   * `/en/contact`): the page answers 404 or redirects, and its action must not run (docs/decisions/0033).
   */
  foreignLanguage?: true;
}

export const FOREIGN_LANGUAGE_MESSAGE =
  "This page does not exist: its address names a language the site does not speak.";

type Node = RouteObject & { children?: Node[]; handle?: RouteHandle };
const trees = new WeakMap<ServerBuild, Node[]>();
/**
 * React Router's matchRoutes flattens and ranks the whole route tree on every call (most of a
 * page-cache hit's time when measured), so each path's answer is kept; bounded, as paths are
 * whatever visitors type.
 */
const described = new WeakMap<ServerBuild, LRUCache<string, RouteInfo>>();
const DESCRIBED_PATHS = 10_000;

/**
 * The route a path is served by: its pattern, bounded by the number of routes whatever visitors type
 * (paths outside the router get a fixed label of their own), and what its modules declare.
 */
export function describeRoute(pathname: string, build: ServerBuild | undefined): RouteInfo {
  for (const [pattern, label, handle] of SERVER_PATHS)
    if (pattern.test(pathname)) return { label: label || pathname, handle };
  if (!build) return matchedRoute(pathname, undefined);
  let known = described.get(build);
  if (!known) {
    known = new LRUCache<string, RouteInfo>({ max: DESCRIBED_PATHS });
    described.set(build, known);
  }
  const seen = known.get(pathname);
  if (seen) return seen;
  const info = matchedRoute(pagePathOf(pathname), build);
  known.set(pathname, info);
  return info;
}

/**
 * The page a single-fetch data request is for. With JavaScript, React Router fetches and submits to
 * `/profile.data` (`/_root.data` for `/`) where a page without it uses `/profile`, and runs the same
 * route for both: both must get what that route declares, its body limit above all.
 */
export function pagePathOf(pathname: string) {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

function matchedRoute(pathname: string, build: ServerBuild | undefined): RouteInfo {
  const matches = build ? matchRoutes(routeTree(build), pathname) : null;
  if (!matches?.length) return { label: FILE.test(pathname) ? "static" : "unmatched", handle: {} };
  // Every language's page is one route in the metrics: the optional language segment is left out.
  const segments = matches
    .map((match) => match.route.path?.replace(/^:lang\?\/?/, ""))
    .filter((segment) => segment && segment !== "/");
  const handle: RouteHandle = {};
  for (const { route } of matches) Object.assign(handle, declared((route as Node).handle));
  const label = `/${segments.join("/")}`.replace(/\/+/g, "/");
  const lang = matches[matches.length - 1]?.params.lang;
  return lang !== undefined && !localeOfSegment(lang, true)
    ? { label, handle, foreignLanguage: true }
    : { label, handle };
}

/** The fields of a handle that say something (an `undefined` does not override an outer route). */
function declared(handle: RouteHandle | undefined): RouteHandle {
  if (!handle || typeof handle !== "object") return {};
  return Object.fromEntries(Object.entries(handle).filter(([, value]) => value !== undefined));
}

function routeTree(build: ServerBuild) {
  const known = trees.get(build);
  if (known) return known;
  const nodes = new Map<string, Node>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const handle = route.module.handle as RouteHandle | undefined;
    nodes.set(
      route.id,
      route.index
        ? ({ id: route.id, path: route.path, index: true, handle } as Node)
        : ({
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: [],
            handle,
          } as Node),
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
