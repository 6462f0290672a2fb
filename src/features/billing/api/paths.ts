/** The billing endpoints (base /api/v1; api() adds the bearer token). */
export const SUBSCRIPTION_PATH = '/api/v1/subscription';
export const DEMO_BILLING_PATH = '/api/v1/demo-billing';
export const demoCheckoutPath = (id: string) =>
  `${DEMO_BILLING_PATH}/checkout/${encodeURIComponent(id)}`;
export const demoPortalPath = (id: string) =>
  `${DEMO_BILLING_PATH}/portal/${encodeURIComponent(id)}`;
