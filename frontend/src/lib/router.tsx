/**
 * The app's router: the part of react-router's declarative API the site uses (BrowserRouter,
 * StaticRouter, MemoryRouter, Routes/Route, Outlet, Link, NavLink, Navigate, useNavigate,
 * useLocation, useParams, useSearchParams, matchPath), with the same names and meaning, in a
 * few kilobytes instead of react-router's ~17 KiB gzipped on every page (docs/performance.md).
 * Paths are absolute or a query (`?a=b`); history entries keep react-router's `{usr, key, idx}`
 * state, so "back" knows whether there is a page of this site to go back to.
 */
/* eslint-disable react-refresh/only-export-components -- a library of components and hooks, as react-router is */
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}
export type To = string;
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}
type Params = Readonly<Record<string, string | undefined>>;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}
const RouterContext = createContext<RouterValue | null>(null);

interface RouteValue {
  params: Params;
  /** The part of the URL matched so far ("/admin" inside `admin/*`). */
  base: string;
  outlet: ReactNode;
}
const RouteContext = createContext<RouteValue>({ params: {}, base: "", outlet: null });

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error("used outside a router");
  return router;
}

/** Splits "/a/b?c=d#e" into its parts; a query alone ("?c=d") keeps `pathname`. */
function parsePath(to: To, pathname: string): Pick<Location, "pathname" | "search" | "hash"> {
  const hashAt = to.indexOf("#");
  const hash = hashAt >= 0 ? to.slice(hashAt) : "";
  const rest = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const searchAt = rest.indexOf("?");
  const search = searchAt >= 0 ? rest.slice(searchAt) : "";
  const path = searchAt >= 0 ? rest.slice(0, searchAt) : rest;
  return { pathname: path === "" ? pathname : path, search: search === "?" ? "" : search, hash };
}

const href = (location: Pick<Location, "pathname" | "search" | "hash">) =>
  location.pathname + location.search + location.hash;

const newKey = () => Math.random().toString(36).slice(2, 10);

interface HistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

function currentBrowserLocation(): Location {
  const state = window.history.state as Partial<HistoryState> | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? "default" };
}

/** The router of the browser: the address bar and its history. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(currentBrowserLocation);
  useEffect(() => {
    const state = window.history.state as Partial<HistoryState> | null;
    // The first entry gets an index, as react-router gives it.
    if (typeof state?.idx !== "number") {
      window.history.replaceState({ usr: state?.usr ?? null, key: state?.key ?? "default", idx: 0 }, "");
    }
    const onPop = () => setLocation(currentBrowserLocation());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [setLocation]);
  const navigate = useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === "number") {
        window.history.go(to);
        return;
      }
      const next = parsePath(to, window.location.pathname);
      const idx = (window.history.state as Partial<HistoryState> | null)?.idx ?? 0;
      const state: HistoryState = { usr: options.state ?? null, key: newKey(), idx: options.replace ? idx : idx + 1 };
      if (options.replace) window.history.replaceState(state, "", href(next));
      else window.history.pushState(state, "", href(next));
      setLocation({ ...next, state: state.usr, key: state.key });
    },
    [setLocation],
  ) as NavigateFunction;
  return <Router location={location} navigate={navigate}>{children}</Router>;
}

/** A router over a list of addresses in memory (the unit tests). */
export function MemoryRouter({ initialEntries = ["/"], children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history, setHistory] = useState<{ entries: Location[]; index: number }>(() => ({
    entries: initialEntries.map((entry) => ({ ...parsePath(entry, "/"), state: null, key: newKey() })),
    index: initialEntries.length - 1,
  }));
  const navigate = useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === "number") {
        const index = Math.min(Math.max(history.index + to, 0), history.entries.length - 1);
        setHistory({ ...history, index });
        return;
      }
      const current = history.entries[history.index];
      const next = { ...parsePath(to, current?.pathname ?? "/"), state: options.state ?? null, key: newKey() };
      const kept = history.entries.slice(0, options.replace ? history.index : history.index + 1);
      setHistory({ entries: [...kept, next], index: kept.length });
    },
    [history, setHistory],
  ) as NavigateFunction;
  const location = history.entries[history.index] ?? { pathname: "/", search: "", hash: "", state: null, key: "default" };
  return <Router location={location} navigate={navigate}>{children}</Router>;
}

/** A router fixed at one address (the prerender): nothing navigates while drawing HTML. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo(() => ({ ...parsePath(location, "/"), state: null, key: "default" }), [location]);
  const navigate = useCallback(() => undefined, []) as NavigateFunction;
  return <Router location={value} navigate={navigate}>{children}</Router>;
}

function Router({ location, navigate, children }: RouterValue & { children?: ReactNode }) {
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export function useParams<T extends string = string>(): Readonly<Partial<Record<T, string>>> {
  return useContext(RouteContext).params as Readonly<Partial<Record<T, string>>>;
}

type SearchInit = URLSearchParams | Record<string, string> | string;
/** The query of the address, and a setter that navigates to a new one (same page, no hash). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === "function" ? next(new URLSearchParams(location.search)) : next;
      const search = new URLSearchParams(value).toString();
      navigate(`${location.pathname}${search ? `?${search}` : ""}`, options);
    },
    [location.pathname, location.search, navigate],
  );
  return [params, set];
}

export interface PathMatch {
  params: Record<string, string>;
  /** The part of the path the pattern matched (all of it, but for a trailing `*`). */
  pathnameBase: string;
}

const segments = (path: string) => path.split("/").filter(Boolean);

/**
 * Whether `pattern` ("/events/:id", "admin/*") matches all of `pathname`, with its params;
 * segments compare case-insensitively and a trailing slash is ignored, as in react-router.
 */
export function matchPath(pattern: string, pathname: string): PathMatch | null {
  const want = segments(pattern);
  const have = segments(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] ?? "";
    if (part === "*" && i === want.length - 1) {
      params["*"] = have.slice(i).map(decodeSegment).join("/");
      return { params, pathnameBase: `/${have.slice(0, i).join("/")}` };
    }
    const segment = have[i];
    if (segment === undefined) return null;
    if (part.startsWith(":")) params[part.slice(1)] = decodeSegment(segment);
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return have.length === want.length ? { params, pathnameBase: `/${have.join("/")}` } : null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside `<Routes>`; it renders nothing by itself. */
export const Route: (props: RouteProps) => ReactElement | null = () => null;

function routesOf(children: ReactNode): RouteProps[] {
  const routes: RouteProps[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) routes.push(...routesOf(child.props.children));
    else routes.push(child.props);
  });
  return routes;
}

interface Match {
  route: RouteProps;
  params: Record<string, string>;
  base: string;
}

/** How specific a route is, as react-router ranks them: static > :param > `*`; index wins. */
function score(path: string, index: boolean): number {
  const parts = segments(path);
  return (
    parts.reduce((total, part) => total + (part === "*" ? -2 : part.startsWith(":") ? 3 : 10), 0) +
    (index ? 2 : 0) +
    parts.length
  );
}

function join(base: string, path: string): string {
  return `/${[...segments(base), ...segments(path)].join("/")}`;
}

/** The chain of routes (layout routes first) that matches `pathname`, most specific wins. */
function matchRoutes(routes: RouteProps[], pathname: string, base: string): Match[] | null {
  let best: { matches: Match[]; score: number } | null = null;
  for (const route of routes) {
    const nested = route.children ? routesOf(route.children) : [];
    if (nested.length > 0) {
      // A layout route (maybe with a path of its own): its children match the rest.
      const prefix = join(base, route.path ?? "");
      const inner = matchRoutes(nested, pathname, prefix);
      if (inner) {
        const candidate = [{ route, params: {}, base: prefix }, ...inner];
        const total = inner.reduce((sum, match) => sum + score(match.route.path ?? "", Boolean(match.route.index)), 0);
        if (!best || total > best.score) best = { matches: candidate, score: total };
      }
      continue;
    }
    const match = matchPath(route.index ? base : join(base, route.path ?? ""), pathname);
    if (!match) continue;
    const total = score(route.path ?? "", Boolean(route.index));
    if (!best || total > best.score) best = { matches: [{ route, params: match.params, base: match.pathnameBase }], score: total };
  }
  return best?.matches ?? null;
}

/** Renders the route that matches the address (nested routes through `<Outlet />`). */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const parent = useContext(RouteContext);
  const matches = matchRoutes(routesOf(children), pathname, parent.base);
  if (!matches) return null;
  return matches.reduceRight<ReactNode>((outlet, match) => {
    const params = { ...parent.params, ...matches.reduce((all, m) => ({ ...all, ...m.params }), {}) };
    const value = { params, base: match.base, outlet };
    return <RouteContext.Provider value={value}>{match.route.element ?? outlet}</RouteContext.Provider>;
  }, null);
}

/** Where a layout route draws the child route that matched. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: replace ?? false, state });
  }, [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/** An ordinary link that the app follows itself, unless the reader asks for a new tab or window. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const url = href(parsePath(to, location.pathname));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (target !== undefined && target !== "_self")
    ) {
      return;
    }
    event.preventDefault();
    // A link to the page shown replaces its entry instead of adding a second one.
    navigate(url, { replace: replace ?? url === href(location), state });
  };
  return <a {...rest} href={url} target={target} onClick={follow} />;
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** Active only on this exact path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A link that knows when it leads to the page shown (`aria-current="page"`). */
export function NavLink({ end, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = parsePath(rest.to, pathname).pathname.replace(/\/+$/, "").toLowerCase();
  const here = pathname.replace(/\/+$/, "").toLowerCase();
  const isActive = here === target || (!end && target !== "" && here.startsWith(`${target}/`));
  return (
    <Link
      {...rest}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}
