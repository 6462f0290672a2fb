/** Billing timings and limits (spec 9). */
export const PAYMENT_REDIRECT_MS = 5000;
/** Waits between checkout-result checks while the payment is still processing (~12 s in all). */
export const CHECKOUT_POLL_DELAYS_MS = [1000, 1500, 2000, 3000, 4500] as const;
/** The card brands the checkout accepts (spec 1). */
export const SUPPORTED_BRANDS = ['visa', 'mastercard', 'jcb'] as const;
export type CardBrand = (typeof SUPPORTED_BRANDS)[number];
