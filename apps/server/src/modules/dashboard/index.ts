/** The admin dashboard's figures: collections, success rate, overdue and upcoming balances. */
export { dashboardRoutes } from './dashboard.routes';
export { createDashboardHistory, getDashboard, type DashboardHistory } from './dashboard.service';
