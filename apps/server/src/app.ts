import { FrontDoor } from './plugins/front-door.ts';
import type { AutoAccept } from './modules/store-settings/auto-accept.ts';
import { createFastify, registerInfrastructure } from './app/infrastructure.ts';
import type { AppOptions } from './app/options.ts';
import { sharedPieces } from './app/shared.ts';
import { registerStaff } from './app/staff.ts';
import { registerStorefront } from './app/storefront.ts';

export type { AppOptions } from './app/options.ts';

/**
 * The whole HTTP application, without listening: main.ts listens, tests inject. Three areas
 * in this order (app/): the infrastructure every request meets, then the storefront's routes,
 * then the staff application's. The pieces they share are made once and handed over.
 */
export async function buildApp(options: AppOptions) {
  // The busiest reads are replayed before the framework (docs/decisions/0029).
  const frontDoor = new FrontDoor(options.frontDoor ?? true);
  const app = createFastify(options, frontDoor);
  const shared = sharedPieces(app, options);
  const { wakeOutbox, vapidKeys, hub, staffSignIn, staffShops } = await registerInfrastructure(
    app,
    options,
    { ...shared, frontDoor },
  );
  // Auto-accept (issue 28) is made by the staff area; an order placed nudges it.
  const later: { autoAccept?: AutoAccept } = {};
  const onMessageQueued = (nudgeAutoAccept = true) => {
    wakeOutbox();
    if (nudgeAutoAccept) later.autoAccept?.nudge();
  };
  const deps = { ...shared, wakeOutbox, onMessageQueued, hub };
  await registerStorefront(app, deps);
  later.autoAccept = await registerStaff(app, { ...deps, staffSignIn, staffShops, vapidKeys });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
