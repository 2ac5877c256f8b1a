/**
 * The payer's side: payment links, the school's pay page with its one-time code, paying online
 * and the waiting screen, QR codes. Server-rendered pages with the web app's small `payer` entry.
 */
export { payerRoutes, type PayerRoutesOptions } from './payer.routes';
export { payLinksRoutes, type PayLinksRoutesOptions } from './links/pay-links.routes';
export {
  createLinkSigner,
  issuePaymentLink,
  studentQrLink,
  resolvePaymentLink,
  paymentLinkUrl,
  type LinkSigner,
  type IssuedPaymentLink,
} from './links/payment-links';
export { offeredWalletsOf } from './offered-wallets';
export { pageQrPng, pageQrSvg } from './qr/page-qr';
export {
  pageSchool,
  renderPayerPage,
  schoolIntro,
  sendMessagePage,
  sendPayerPage,
  type PageSchool,
} from './payer-page';
