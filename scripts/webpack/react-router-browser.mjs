// What every container gets for `react-router-dom` and `react-router` (create-config.cjs aliases
// both here): react-router's production build, declarative browser routing only.
//
// A shared module is loaded whole, and react-router's own entry carries its server half (request
// handlers, cookies, sessions, static and RSC routers) and the data router (loaders, actions,
// fetchers): about 66 KB gzip on every page, payer pages included. The product routes
// declaratively (<BrowserRouter>, <Routes>, lazy pages), so this is what it shares: about 14 KB.
// A name missing here fails the build of whatever imports it (exportsPresence: 'error'), never
// a page at run time; add it here, for every container at once, if a page ever needs it.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  NavigationType,
  Outlet,
  Route,
  Router,
  Routes,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from '../../node_modules/react-router/dist/production/index.mjs';
