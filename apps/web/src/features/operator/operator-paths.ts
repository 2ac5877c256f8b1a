/**
 * The operator console's addresses (`/operateur/...`), without React: the router's patterns for
 * the server's 404 (route-patterns.ts) and the links of the console.
 */
export const OPERATOR_ROOT = '/operateur';

export const operatorPaths = {
  schools: OPERATOR_ROOT,
  school: (schoolId: string) => `${OPERATOR_ROOT}/ecoles/${schoolId}`,
  messages: `${OPERATOR_ROOT}/messages`,
  subscribers: `${OPERATOR_ROOT}/newsletter`,
  fees: `${OPERATOR_ROOT}/frais`,
};

/** Every page of the console, as router patterns. */
export const OPERATOR_PATTERNS = [
  OPERATOR_ROOT,
  `${OPERATOR_ROOT}/ecoles/:schoolId`,
  operatorPaths.messages,
  operatorPaths.subscribers,
  operatorPaths.fees,
];
