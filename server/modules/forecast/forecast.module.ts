import { planPublishedNotification, planSettledNotification, planSoldNotification } from '../../../core/contracts/forecast-notifications';
import { need, type TribunModule } from '../definition';
import { forecastConfigOf, forecastSettings } from './forecast-config';
import { forecastRecordsRoutes } from './forecast-records.routes';
import { forecastStaffRoutes } from './forecast-staff.routes';
import { forecastRoutes } from './forecast.routes';
import { registerForecastSettlement } from './settle-plans';

/** The prediction centre: tipsters' plans sold for points, their records, staff tools, settlement. */
export const forecastModule: TribunModule = {
  name: 'forecast',
  notificationKinds: [planSettledNotification, planSoldNotification, planPublishedNotification],
  settings: forecastSettings,
  async routes(app, context) {
    const { db, options } = context;
    await app.register(forecastRoutes, {
      db,
      odds: need(context, 'odds', 'forecast'),
      config: forecastConfigOf(context.environment),
      // a sale and a new plan notify the tipster and the followers (decision 133)
      publisher: options.publisher,
      log: app.log,
    });
    await app.register(forecastRecordsRoutes, { db });
    const publisher = options.publisher;
    await app.register(forecastStaffRoutes, { db, publisher, log: app.log, notices: { db, publisher, log: app.log } });
  },
  // Plans settle when their match ends (or is voided, or its result corrected); the pop-ups go
  // out after each settlement commits.
  jobs(runner, { db, publisher, log }) {
    registerForecastSettlement(runner, { db, publisher, log, notices: { db, publisher, log } });
  },
};
