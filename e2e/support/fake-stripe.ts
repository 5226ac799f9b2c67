export { startFakeStripe } from '../../apps/server/test/fake-stripe.ts';

export const FAKE_STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_servery_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_servery_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_servery_e2e',
};
