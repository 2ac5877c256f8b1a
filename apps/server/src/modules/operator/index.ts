/**
 * The platform operator's console: schools (plan, status, KYC, volumes), the KYC review, the
 * public site's inbox and the providers' fee table. Last rank: reads other modules through their
 * index (and one named read, `schools/operator-schools.reads.ts`); no module imports it.
 */
export { operatorRoutes, type OperatorRoutesOptions } from './operator.routes';
export { providerFeeRateAt } from './provider-fees/provider-fees.service';
