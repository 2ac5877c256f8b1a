import { isValidElement } from 'react';
import type { ReactNode } from 'react';
import { createRoutesFromChildren } from 'react-router';
import type { RouteObject } from 'react-router';
import { ADMIN_SECTIONS, adminPath } from './admin-sections';
import { AppRoutes } from './router';
import { OPERATOR_PATTERNS } from '../features/operator/operator-paths';

/** The admin area's catch-all in the route table: its own routes are the admin sections. */
const ADMIN_AREA = 'admin/*';
/** The operator console's catch-all: its pages are listed beside it (operator-paths.ts). */
const OPERATOR_AREA = 'operateur/*';

function patternsOf(routes: RouteObject[], parent: string): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    if (route.path === '*') return []; // the not-found page
    if (route.path === ADMIN_AREA) return ADMIN_SECTIONS.map(adminPath);
    if (route.path === OPERATOR_AREA) return OPERATOR_PATTERNS;
    const own = route.index || (route.path !== undefined && !route.children) ? [path || '/'] : [];
    return [...own, ...patternsOf(route.children ?? [], path)];
  });
}

/**
 * Every path pattern the app shows a page for (`/`, `/verifier/:code`, `/admin/etudiants/:studentId`…),
 * read from the router's own route table (`AppRoutes`) and the admin sections, so that the server
 * can answer 404 for any other address (the build writes them to `dist/routes.json`).
 */
export function appRoutePatterns(): string[] {
  const table = AppRoutes() as ReactNode;
  if (!isValidElement<{ children: ReactNode }>(table)) throw new Error('AppRoutes: no <Routes>');
  return [...new Set(patternsOf(createRoutesFromChildren(table.props.children), ''))];
}
